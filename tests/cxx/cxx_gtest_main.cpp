// Shared GoogleTest main of the C++ facade tests: the facade's own shoal::Runtime guard starts
// and stops the runtime (no shmem_init here). Every PE runs every test; PE 0 prints the usual
// report, the other PEs print only their failures (prefixed with the PE number), and only PE 0
// writes the XML report meson may ask for. The exit status is non-zero on any PE that failed,
// so the launcher fails the whole job.
#include <gtest/gtest.h>
#include <shoal/runtime.hpp>

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
    shoal::Runtime runtime;
    auto &listeners = ::testing::UnitTest::GetInstance()->listeners();
    if (runtime.my_pe() != 0) {
        delete listeners.Release(listeners.default_result_printer());
        listeners.Append(new FailurePrinter(runtime.my_pe()));
        ::testing::GTEST_FLAG(output) = "";
    }
    return RUN_ALL_TESTS();
}
