// Shared GoogleTest main for multi-PE tests: every PE runs every test; PE 0 prints the usual
// report, the other PEs print only their failures (prefixed with the PE number). The exit
// status is non-zero on any PE that failed, so shoalrun fails the whole job.
#include <gtest/gtest.h>
#include <shmem.h>

#include <cstdio>

namespace {
class FailurePrinter : public ::testing::EmptyTestEventListener {
  public:
    explicit FailurePrinter(int pe) : pe_(pe) {}
    void OnTestPartResult(const ::testing::TestPartResult &r) override
    {
        if (r.failed())
            std::fprintf(stderr, "[PE %d] %s:%d: Failure\n%s\n", pe_,
                         r.file_name() ? r.file_name() : "?", r.line_number(), r.summary());
    }

  private:
    int pe_;
};
} // namespace

int main(int argc, char **argv)
{
    ::testing::InitGoogleTest(&argc, argv);
    shmem_init();
    const int me = shmem_my_pe();
    auto &listeners = ::testing::UnitTest::GetInstance()->listeners();
    if (me != 0) {
        delete listeners.Release(listeners.default_result_printer());
        listeners.Append(new FailurePrinter(me));
        // Only PE 0 writes the XML report meson may ask for. The XML listener was already
        // installed by InitGoogleTest (clearing the output flag now is too late), so remove it.
        if (auto *xml = listeners.default_xml_generator()) delete listeners.Release(xml);
    }
    const int rc = RUN_ALL_TESTS();
    shmem_finalize();
    return rc;
}
