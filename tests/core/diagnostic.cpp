#include "wafer/core/diagnostic.hpp"

#include <doctest/doctest.h>

TEST_CASE("a diagnostic renders as file:line:col, the source line and a caret") {
    wafer::source_text src("k.w", "xp a;\n\tyy b;\n");
    auto d = src.make(wafer::severity::error, {2, 2}, "unknown type 'yy'");
    CHECK(wafer::render(d) == "k.w:2:2: error: unknown type 'yy'\n\tyy b;\n\t^\n");
    CHECK(src.position_of(7) == wafer::source_position{2, 2});
}

TEST_CASE("errors gather every diagnostic and throw once") {
    wafer::diagnostics ds;
    ds.add({wafer::severity::warning, "f", {}, "w", ""});
    CHECK_NOTHROW(ds.check());
    ds.add({wafer::severity::error, "f", {1, 1}, "bad", "x"});
    try {
        ds.check();
        FAIL("no throw");
    } catch (const wafer::error& e) {
        CHECK(e.diagnostics().size() == 2);
        CHECK(e.render() == "f: warning: w\nf:1:1: error: bad\nx\n^\n");
    }
}
