// What every multi-PE GoogleTest main does after InitGoogleTest: PE 0 keeps the usual report,
// the other PEs print only their failures (prefixed with the PE number) and write no XML
// (meson's gtest protocol asks every PE for the same file).
#pragma once

#include <gtest/gtest.h>

#include <cstdio>

namespace shoal_test {

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

inline void quiet_other_pes(int me)
{
    if (me == 0) return;
    auto &listeners = ::testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
    // The XML listener was installed by InitGoogleTest: clearing the flag now is too late.
    if (auto *xml = listeners.default_xml_generator()) delete listeners.Release(xml);
    listeners.Append(new FailurePrinter(me));
}

} // namespace shoal_test
