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

inline std::int8_t next_queue(const context& cx, int& used, int available, const char* what, const ast::expr& e) {
    // An async operation's microthread is one of its queues' IDs: a new queue for one skips the
    // IDs other async operations run on (docs/tungsten.md, Tasks, FIFOs and asynchronous operations).
    while (cx.async_statement && used < available && cx.microthreads.contains(used)) ++used;
    if (used == available)
        cx.report.fail(e.pos, "socket " + quote(e.name) + " needs an " + what + " queue, but all " +
                                  std::to_string(available) + " " + what + " queues of the PE are taken");
    return static_cast<std::int8_t>(used++);
}

inline ir::dsd fabric_operand(context& cx, const socket_symbol& s, const ast::expr& e, bool read) {
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
        if (sock.input_queue < 0) sock.input_queue = next_queue(cx, cx.input_queues, hw::input_queues, "input", e);
        o.k = ir::dsd::kind::fabin;
        o.queue = static_cast<std::uint8_t>(sock.input_queue);
    } else {
        if (sock.output_queue < 0)
            sock.output_queue = next_queue(cx, cx.output_queues, hw::output_queues(cx.options.arch), "output", e);
        o.k = ir::dsd::kind::fabout;
        o.queue = static_cast<std::uint8_t>(sock.output_queue);
    }
    return o;
}

}  // namespace wafer::tungsten::detail
