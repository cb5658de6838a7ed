#pragma once
// A socket as a DSD operand: fabin where the kernel reads it, fabout where it writes it. A socket
// gets an input queue on its first read and an output queue on its first write, in that order
// (docs/design.md); a socket is a stream, so it is never subscripted.
#include <cstdint>
#include <string>

#include "wafer/core/hardware.hpp"
#include "wafer/ir/pe_program.hpp"
#include "wafer/tungsten/ast.hpp"
#include "wafer/tungsten/detail/context.hpp"
#include "wafer/tungsten/detail/scope.hpp"

namespace wafer::tungsten::detail {

/// The queue socket `s` reads (input) or writes through: the one its declaration fixes
/// (`input_queue(N)`, `output_queue(N)`), else the lowest no socket has or fixes. An async operation's
/// microthread is one of its queues' IDs, so a new queue for one also skips the IDs other async
/// operations run on (docs/tungsten.md, Tasks, FIFOs and asynchronous operations).
inline WAFER_CONSTEXPR std::int8_t queue_for(context& cx, std::size_t s, bool input, source_position pos) {
    auto& taken = input ? cx.input_taken : cx.output_taken;
    if (const auto fixed = cx.fixed_queues[s][input ? 0 : 1]; fixed >= 0) {
        taken = static_cast<std::uint16_t>(taken | 1u << fixed);
        return fixed;
    }
    const unsigned blocked = taken | (input ? cx.input_fixed : cx.output_fixed);
    const int available = input ? hw::input_queues : hw::output_queues(cx.options.arch);
    for (int q = 0; q < available; ++q) {
        if ((blocked & 1u << q) || (cx.async_statement && cx.microthreads.contains(q))) continue;
        taken = static_cast<std::uint16_t>(taken | 1u << q);
        return static_cast<std::int8_t>(q);
    }
    const char* what = input ? "input" : "output";
    cx.report.fail(pos, "socket " + quote(cx.out.sockets[s].name) + " needs an " + what + " queue, but all " +
                            decimal(available) + " " + what + " queues of the PE are taken");
    return 0;  // fail() returns only in a constant expression
}

inline WAFER_CONSTEXPR ir::dsd fabric_operand(context& cx, const socket_symbol& s, const ast::expr& e, bool read) {
    if (e.k == ast::expr::kind::subscript)
        cx.report.fail(e.pos, "socket " + quote(e.name) +
                                  " cannot be subscripted: a socket is a stream of wavelets, not an array");
    auto& sock = cx.out.sockets[s.index];
    ir::dsd o;
    if (read && cx.handled.contains(s.index)) {
        cx.report.error(e.pos, "socket " + quote(e.name) + " has a handler, which takes every wavelet that "
                                                        "arrives on it; the program cannot also read it");
        cx.report.note(cx.handled.at(s.index), "the handler of " + quote(e.name) + " is declared here");
        throw abandon{};
    }
    if (read) {
        if (sock.input_queue < 0) sock.input_queue = queue_for(cx, s.index, true, e.pos);
        o.k = ir::dsd::kind::fabin;
        o.queue = static_cast<std::uint8_t>(sock.input_queue);
    } else {
        if (sock.output_queue < 0) sock.output_queue = queue_for(cx, s.index, false, e.pos);
        o.k = ir::dsd::kind::fabout;
        o.queue = static_cast<std::uint8_t>(sock.output_queue);
    }
    return o;
}

}  // namespace wafer::tungsten::detail
