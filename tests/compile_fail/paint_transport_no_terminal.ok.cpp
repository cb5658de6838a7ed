// Sanity twin of paint_transport_no_terminal.cpp: the transport names b's terminal as it is spelt.
#include "wafer/paint/paint.hpp"

constexpr auto layout = wafer::paint::freeze([](wafer::paint::palette& p) {
    using namespace wafer::paint;
    auto [tx, rx] = p.colors<2>();
    auto a = terminal(tile(0, 0) | paint(tx, "C>R"), "tx", terminal_spec{"act", side::right, {1, 1}, {1, 1}, 1}, tx);
    auto b = terminal(tile(5, 0) | paint(rx, ">C"), "rx", terminal_spec{"act", side::center, {1, 1}, {1, 1}, 1}, rx);
    return union_(name(std::move(a), "a"), name(std::move(b), "b"), transport("a.tx", "b.rx", "arc"));
});
static_assert(verify(layout));

int main() {}
