#pragma once
// A processing element at work: its main thread (scalar instructions, synchronous DSD operations,
// tasks) and its microthreads (asynchronous DSD operations) share one datapath. Each step picks the
// ready thread of highest priority (microthreads marked high, then medium, then the main thread,
// then low ones; ties by microthread ID) and runs it for one burst: scalar instructions, or as many
// elements of its operation as its queues and FIFOs allow. The burst's cost decides when the PE
// steps next. A step changes only this PE's state (a color it takes out of teardown leaves it at the
// end of the cycle), so the PEs of one cycle can step in any order, or at once.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "wafer/fabric/cost_model.hpp"
#include "wafer/fabric/detail/binding.hpp"
#include "wafer/fabric/detail/scalar.hpp"
#include "wafer/fabric/detail/wait_analysis.hpp"
#include "wafer/fabric/machine.hpp"

namespace wafer::fabric {

class pe_executor {
public:
    /// Steps the PEs of partition `part`, on one thread.
    pe_executor(machine& m, partition& part) : m_(m), part_(part), timing_(hw::timing_of(m.arch)) {}

    /// Steps PE `i` at cycle `now` (it was due). When the step that would come next touches nothing
    /// another PE or router can see (private_next), it is taken at once, at its own cycle (now_), as
    /// long as that cycle is before the machine's horizon: the outcome is the same, with fewer
    /// visits. A PE running scalar code between one-element operations steps once per fabric
    /// operation instead of three times per operation.
    [[gnu::always_inline]] void step(std::uint32_t i, std::uint64_t now) {
        enter(i, now);
        if (now >= m_.limit) {  // the run stops here: nothing more happens on this PE
            part_.clock.schedule(i_, m_.limit + 1);
            return;
        }
        horizon(now);  // this cycle's, which reschedule() and the bursts read
        for (;;) {
            const std::uint64_t cost = burst();
            if (cost == 0) {  // it waits, is done, or faulted
                if (part_.observed) [[unlikely]] note_stall();
                if (!faulted_ && m_.waits[i_] == pe_wait::waiting) await_landing();
                return;
            }
            if (part_.observed) [[unlikely]] note_progress(cost);
            const std::uint64_t at = now_ + cost;
            if (at >= horizon_ || !private_next()) return reschedule(at);
            p_->since = at;
            part_.happened(at);
            now_ = at;
        }
    }

    /// The element PE `pe`, riding its router, makes at cycle `now` from `bits`, its input queue's
    /// next element: its operation's kernel on that one element, as a burst of one would run it.
    std::uint32_t ridden(std::uint32_t pe, std::uint64_t now, std::uint32_t bits) {
        const pe_state& p = m_.pes[pe];
        const issued_op& o = p.op;
        const prepared_op& w = o.walk == none ? m_.programs[p.program].ops[o.op] : m_.walks[o.walk];
        std::uint32_t out = 0;
        dsd_batch b{.memory = m_.memory_of(pe), .first = o.done + (now - p.since), .count = 1, .base = o.base, .in = {}, .out = &out};
        b.in[std::size_t(w.riding_source)] = &bits;
        engine_.execute(m_.layout->programs[p.program].dsd_ops[o.op], w, b);
        return out;
    }

private:
    /// machine::horizon(now), computed once per cycle.
    std::uint64_t horizon(std::uint64_t now) noexcept {
        if (now != horizon_cycle_) horizon_ = m_.horizon(now), horizon_cycle_ = now;
        return horizon_;
    }

    /// The PE steps next at `at`. A stream from queue to queue due in the cycle after the one being
    /// stepped, before the horizon, rides its router instead of waiting in the scheduler
    /// (router.hpp); a run that is observed keeps every step here, where it is recorded. (A PE
    /// whose private steps ran ahead is due later than that: its router can be listed only for the
    /// next cycle, so it waits.)
    [[gnu::always_inline]] void reschedule(std::uint64_t at) {
        p_->since = at;
        part_.happened(std::min(at, m_.limit));
        if (pp_->rides && part_.fast && at == horizon_cycle_ + 1 && at == now_ + 1 && at < horizon_ && p_->busy_threads == 0 &&
            p_->main == main_state::in_op && walk_of(p_->op).riding_source >= 0 && part_.owns_router(p_->router)) {
            const ir::dsd_op& op = prog_->dsd_ops[p_->op.op];
            // Its router moves an element a cycle short of the last, and before the horizon.
            const std::uint64_t end = std::min(at + (p_->op.elements - p_->op.done) - 1, horizon_ - 1);
            const auto source = std::size_t(walk_of(p_->op).riding_source);
            m_.riding[i_] = ride{at, end, m_.input_index(i_, op.src[source].queue), m_.output_index(i_, op.dst.queue),
                                 element_bits(ir::words_of(op.type)), op.op == ir::opcode::mov};
            part_.clock.list_router(p_->router, at);
            return;
        }
        part_.clock.schedule(i_, at);
    }

    /// One step's work from cycle now_: what it costs, or 0 when the PE waits, is done or faulted.
    std::uint64_t burst() {
        settle_control_wavelets();
        if (p_->busy_threads == 0 && p_->main == main_state::in_op && part_.fast) {  // the main thread streams, alone
            const std::uint64_t cost = stream();
            if (cost > 0) return cost;
        }
        for (int rounds = 0;; ++rounds) {
            const int t = pick();
            if (t < 0) {  // nothing it can do: it waits to be woken, or is done
                m_.waits[i_] = p_->main == main_state::halted && p_->busy_threads == 0 ? pe_wait::done : pe_wait::waiting;
                return 0;
            }
            const std::uint64_t cost = run(t);
            if (faulted_) return 0;
            if (cost > 0 || rounds == free_picks) return std::max<std::uint64_t>(cost, 1);
        }
    }

    /// Whether the PE's next step reads and changes only the PE itself: the main thread alone, on
    /// scalar code or an operation without fabric operands, in a program whose scalar code is
    /// private (prepared_program::private_between_fabric).
    bool private_next() const {
        if (!pp_->private_between_fabric || p_->busy_threads != 0 || !part_.fast) return false;
        // A dynamic walk's prepared copy has the same operands as the program's.
        return p_->main == main_state::running || (p_->main == main_state::in_op && pp_->ops[p_->op.op].fabric_slots == 0);
    }

    /// The main thread's operation of prepared_op::form::stream: its burst planned from what the
    /// form leaves to decide (its queues, the horizon), as planned() would plan it, and run as
    /// run_op runs every burst. 0 when it cannot move anything now or an input queue holds a
    /// control wavelet: the general path then decides what happens.
    [[gnu::always_inline]] std::uint64_t stream() {
        const issued_op& o = p_->op;
        const prepared_op& w = walk_of(o);
        if (w.shape != prepared_op::form::stream) return 0;
        const ir::dsd_op& op = prog_->dsd_ops[o.op];
        std::uint64_t n = o.elements - o.done;
        if (w.streams) n = std::min(n, chunk_elements);
        for (unsigned f = w.fabric_slots; f; f &= f - 1) {
            const auto& d = ir::operand(op, std::countr_zero(f));
            if (d.k == ir::dsd::kind::fabout) {
                n = std::min<std::uint64_t>(n, m_.output_queue(i_, d.queue).items.room());
                continue;
            }
            const auto& q = m_.input_queue(i_, d.queue);
            if (q.controls != 0) return 0;
            n = std::min<std::uint64_t>(n, q.ready(now_));
        }
        n = within_horizon(o, n);
        return n == 0 ? 0 : burst_of<true>(0, n);
    }

    /// A PE that waits while wavelets are on their way down to its input queues steps again when
    /// the first of them lands: its router woke it only for a wavelet it could read at once. Only
    /// a queue that an operation reads, a data task's, or any with control tasks about, can let it
    /// go on (a queue read later is looked at when its operation waits).
    void await_landing() {
        std::uint64_t at = 0;
        for (int q = 0; q < hw::input_queues; ++q) {
            if (p_->input_queue(q) < 0) continue;
            const queue_state& qs = m_.input_queue(i_, q);
            if (qs.user == no_user && !(pp_->data_task_queues & (1u << q)) && !pp_->has_control_tasks) continue;
            const std::uint64_t next = qs.next_landing(now_);
            if (next != 0 && (at == 0 || next < at)) at = next;
        }
        if (at == 0) return;
        part_.wake_pe(m_.waits, std::int32_t(i_), at);
        if (part_.counting) [[unlikely]] part_.counting->pes[i_].ramp += at - now_;  // it waits for the ramp alone
    }

    machine& m_;
    partition& part_;
    const hw::timing& timing_;  ///< the processor's costs
    dsd_engine engine_;  ///< its scratch memory is this thread's
    std::uint32_t i_ = 0;
    pe_state* p_ = nullptr;
    const ir::pe_program* prog_ = nullptr;
    const prepared_program* pp_ = nullptr;
    std::uint32_t* regs_ = nullptr;
    std::uint64_t now_ = 0;
    std::uint64_t burst_ = 0;  ///< cycles into the current scalar burst
    std::uint64_t horizon_ = 0, horizon_cycle_ = ~std::uint64_t(0);  ///< machine::horizon of the cycle being stepped

    /// Cycles from now_ a burst may take: to the cycle limit, and to the horizon (a stop, a
    /// checkpoint) when the main thread runs alone, so those find the PE as it is at their cycle.
    /// With microthreads running, where a burst paused could change the thread picked next, so
    /// their bursts go on as in a run without the stop, as far as a burst goes.
    std::uint64_t cycles_to_horizon() const noexcept {
        const std::uint64_t end = p_->busy_threads == 0 ? horizon_ : m_.limit;
        return end > now_ ? end - now_ : 0;
    }
    bool faulted_ = false;  ///< this PE faulted in this step (other PEs' faults do not stop it)

    // Staging for one burst of a streaming operation: written before it is read, so left
    // uninitialized (16 KiB to clear on every run would cost more than a short run).
    std::array<std::array<std::uint32_t, chunk_elements>, 3> in_;
    std::array<std::uint32_t, chunk_elements> out_;

    /// What the next burst of an operation can do.
    struct plan {
        std::uint64_t n = 0;
        enum class end : std::uint8_t { none, on_control, fifo, complete } stop = end::none;
        std::int8_t control_queue = -1;  ///< on_control: the queue whose head is the control wavelet
        bool discard = false;            ///< a non-async FIFO read into a scalar that ends early: nothing is kept
    };

    // Plans pick() made for the threads it looked at (bit t of planned_), used by the burst it picks.
    std::array<plan, 1 + hw::microthreads> plans_{};
    std::uint16_t planned_ = 0;

    void enter(std::uint32_t i, std::uint64_t now) {
        i_ = i;
        faulted_ = false;
        p_ = &m_.pes[i];
        prog_ = &m_.layout->programs[p_->program];
        pp_ = &m_.programs[p_->program];
        regs_ = m_.registers.data() + p_->registers;
        now_ = now;
    }
    word* memory() { return m_.memory_of(i_); }

    issued_op& op_of(int t) { return t == 0 ? p_->op : m_.threads[p_->threads + std::uint32_t(t - 1)].op; }
    const prepared_op& walk_of(const issued_op& o) const {
        return o.walk == none ? pp_->ops[o.op] : m_.walks[o.walk];
    }
    /// Elements a cycle of operation `o`: its walk's rate, halved when its two stepping memory
    /// sources start in the same banks (prepared_op::bank_first).
    std::uint64_t rate_of(const issued_op& o) const {
        const prepared_op& w = walk_of(o);
        if (w.bank_first < 0 || !hw::bank_conflict(o.base[std::size_t(w.bank_first)], o.base[std::size_t(w.bank_second)]))
            return w.rate;
        return w.rate / 2u;
    }
    std::uint32_t value(const ir::value& v) const { return v.k == ir::value::kind::reg ? regs_[v.v] : v.v; }

    void fail(fault f) {
        f.pe = i_;
        f.cycle = now_ + burst_;  // in a scalar burst: the cycle the faulting instruction starts in
        part_.faults.push_back(f);
        faulted_ = true;
    }

    // ---- observing (trace.hpp, stats.hpp): a run that neither traces nor counts tests a flag ----

    [[gnu::cold, gnu::noinline]] void note(trace_event::kind what, std::uint64_t at, int thread, std::uint32_t index, std::uint32_t data = 0) {
        if (part_.tracing) part_.note(trace_event{.cycle = at, .pe = i_, .what = what, .thread = std::int8_t(thread), .index = index, .data = data});
    }

    /// A step that did nothing: the PE stalls when a thread waits in an operation (not when it is
    /// idle, halted, or faulted), noted once until it goes on.
    [[gnu::cold, gnu::noinline]] void note_stall() {
        if (faulted_ || m_.waits[i_] != pe_wait::waiting) return;
        if (p_->main != main_state::in_op && p_->busy_threads == 0) return;
        const int t = p_->main == main_state::in_op ? 0 : 1 + std::countr_zero(unsigned(p_->busy_threads));
        if (part_.counting) {
            auto& c = part_.counting->pes[i_];
            if (!c.stalled) c.stalled = true, c.since = now_, c.stall_op = op_of(t).op;
        }
        if (!part_.tracing) return;
        auto& s = part_.tracing->pes[i_];
        if ((s & trace_scope::stalled) || !(s & trace_scope::kept)) return;
        s |= trace_scope::stalled;
        const blocked_thread b = detail::blocked_on(m_, i_, t);
        part_.note(trace_event{.cycle = now_, .pe = i_, .what = trace_event::kind::stall, .thread = std::int8_t(t), .on = b.on, .index = b.op});
    }
    /// n elements of operation `o` in `cost` cycles, and what they would have cost before each of
    /// the processor's rules narrowed its rate (run_counters::op).
    [[gnu::cold, gnu::noinline]] void count_op(const issued_op& o, std::uint64_t n, std::uint64_t cost) {
        const prepared_op& w = walk_of(o);
        auto& c = part_.op_counts[p_->program][o.op];
        c.elements += n;
        c.cycles += cost;
        c.width_units += n * (run_counters::op::rate_units / w.width);
        c.stride_units += n * (run_counters::op::rate_units / w.memory_rate);
        c.at_rate += element_cycles(n, w.rate);
    }
    /// A burst of `cost` cycles of work from now_: a stall, if any, ends.
    [[gnu::cold, gnu::noinline]] void note_progress(std::uint64_t cost) {
        if (part_.counting) {
            auto& c = part_.counting->pes[i_];
            c.busy += cost;
            if (c.stalled) {
                c.blocked += now_ - c.since, c.stalled = false;
                auto& o = part_.op_counts[p_->program][c.stall_op];
                o.stalled += now_ - c.since;
                o.ramp += std::min(c.ramp, now_ - c.since);
                c.ramp = 0;
            }
        }
        if (!part_.tracing) return;
        auto& s = part_.tracing->pes[i_];
        if (s & trace_scope::stalled) {
            s &= std::uint8_t(~trace_scope::stalled);
            note(trace_event::kind::resume, now_, 0, 0);
        }
        // Each input queue the burst read from, at its new level (the reads happen as it begins).
        for (int q = 0; q < hw::input_queues; ++q) {
            if (p_->input_queue(q) < 0) continue;
            const auto& queue = m_.input_queue(i_, q);
            if (part_.tracing->level_changed(i_, q, queue.items.size()))
                part_.note(trace_event{.cycle = now_, .pe = i_, .what = trace_event::kind::queue,
                                       .on = wait{wait::kind::input, std::uint8_t(q), queue.color, -1}, .data = std::uint32_t(queue.items.size())});
        }
    }

    // ---- picking a thread ----

    int rank(int t) const {
        if (t == 0) return 1;
        switch (m_.threads[p_->threads + std::uint32_t(t - 1)].prio) {
        case ir::priority::high: return 3;
        case ir::priority::medium: return 2;
        case ir::priority::low: break;
        }
        return 0;
    }

    /// The ready thread of highest rank (0 main, 1 + m microthread m), or -1. The plans it makes
    /// for the threads it looks at hold until the next pick.
    int pick() {
        planned_ = 0;
        if (p_->busy_threads == 0) return main_ready() ? 0 : -1;  // the main thread alone: the common case
        int best = -1, best_rank = -1;
        for (int m = 0; m < hw::microthreads; ++m) {
            if (!(p_->busy_threads & (1u << m)) || rank(m + 1) <= best_rank) continue;
            if (ready_op(m + 1)) best = m + 1, best_rank = rank(m + 1);
        }
        if (best_rank < 1 && main_ready()) return 0;
        return best;
    }

    bool main_ready() {
        switch (p_->main) {
        case main_state::running: return true;
        case main_state::in_op: return ready_op(0);
        case main_state::idle: return next_task() >= 0;
        case main_state::halted: break;
        }
        return false;
    }

    bool ready_op(int t) {
        plan& pl = plans_[std::size_t(t)];
        planned(t, pl);
        planned_ = std::uint16_t(planned_ | 1u << t);
        return pl.n > 0 || pl.stop != plan::end::none || pl.discard;
    }

    /// Other threads that want the datapath: a burst then keeps it for one quantum at most.
    bool shared(int t) const {
        const unsigned others = p_->busy_threads & ~(t > 0 ? 1u << (t - 1) : 0u);
        const bool main = t != 0 && (p_->main == main_state::running || p_->main == main_state::in_op);
        return others != 0 || main;
    }

    std::uint64_t run(int t) {
        if (t > 0) return run_op(t);
        switch (p_->main) {
        case main_state::running: return run_scalar();
        case main_state::in_op: return run_op(0);
        case main_state::idle: return start_task();
        case main_state::halted: break;
        }
        return 0;
    }

    // ---- control wavelets at the head of an input queue ----

    /// The control task a control wavelet names (its index's low six bits), or -1.
    int control_task(const wavelet& w) const { return pp_->control_task[w.index() & (hw::task_ids - 1)]; }

    void activate(int task) { p_->activated |= std::uint64_t(1) << task; }

    /// A control wavelet runs the control task it names, which gets its data and index.
    void dispatch(const wavelet& w) {
        const int t = control_task(w);
        const auto& task = prog_->tasks[std::size_t(t)];
        if (task.data != ir::no_reg) regs_[task.data] = w.data;
        if (task.index != ir::no_reg) regs_[task.index] = w.data >> 16;
        activate(t);
    }

    /// Pops an input queue. Only a full queue held its router back (a wavelet for the core waited
    /// for room), so only then is the router woken.
    wavelet pop_input(queue_state& q) {
        if (q.items.full()) part_.wake_router(std::int32_t(p_->router));  // none (-1) for a PE without a router
        return q.pop();
    }

    /// Control wavelets waiting in a queue no operation reads go to the control tasks they name.
    void settle_control_wavelets() {
        if (!pp_->has_control_tasks) return;
        for (int q = 0; q < hw::input_queues; ++q) {
            if (p_->input_queue(q) < 0 || (pp_->data_task_queues & (1u << q))) continue;
            auto& qs = m_.input_queue(i_, q);
            while (qs.user == no_user && qs.ready(now_) != 0 && qs.items.front().control() && control_task(qs.items.front()) >= 0)
                dispatch(pop_input(qs));
        }
    }

    void warn_control_as_data(int queue) {
        const run_warning w{run_warning::kind::control_as_data, i_, std::uint8_t(queue), now_, 1};
        // Kept in order, so what a partition holds does not depend on the order its PEs stepped in.
        const auto at = std::lower_bound(part_.warnings.begin(), part_.warnings.end(), w);
        if (at != part_.warnings.end() && !(w < *at)) ++at->count;
        else part_.warnings.insert(at, w);
    }

    // ---- tasks ----

    /// The task the main thread would start next (lowest ID first), or -1; dispatches control
    /// wavelets found at the head of data-task queues.
    int next_task() {
        for (const std::uint8_t t : pp_->task_order) {
            if (p_->blocked & (std::uint64_t(1) << t)) continue;
            const auto& task = prog_->tasks[t];
            if (task.kind != ir::task_kind::data) {
                if (p_->activated & (std::uint64_t(1) << t)) return t;
                continue;
            }
            auto& q = m_.input_queue(i_, task.queue);
            while (q.user == no_user && q.ready(now_) != 0 && q.items.front().control() && control_task(q.items.front()) >= 0)
                dispatch(pop_input(q));
            if (q.user == no_user && q.ready(now_) != 0) return t;
        }
        // A control task activated just now may come before the tasks passed over.
        for (const std::uint8_t t : pp_->task_order)
            if (prog_->tasks[t].kind != ir::task_kind::data && (p_->activated & (std::uint64_t(1) << t)) &&
                !(p_->blocked & (std::uint64_t(1) << t)))
                return t;
        return -1;
    }

    std::uint64_t start_task() {
        const int t = next_task();
        if (t < 0) return 0;
        const auto& task = prog_->tasks[std::size_t(t)];
        if (task.kind == ir::task_kind::data) {
            auto& q = m_.input_queue(i_, task.queue);
            const wavelet w = pop_input(q);
            if (w.control()) warn_control_as_data(task.queue);
            if (task.data != ir::no_reg) regs_[task.data] = w.data;
            if (task.index != ir::no_reg) regs_[task.index] = w.data >> 16;
        } else {
            p_->activated &= ~(std::uint64_t(1) << t);
        }
        if (part_.tracing) [[unlikely]] note(trace_event::kind::task, now_, 0, std::uint32_t(t));
        p_->task = std::int8_t(t);
        p_->pc = pp_->block_start[task.entry];
        p_->main = main_state::running;
        return timing_.task_switch_cycles;
    }

    // ---- scalar instructions ----

    bool memory_access(std::int64_t address, std::uint32_t words, std::uint32_t instruction) {
        if (address < 0 || address + words > hw::memory_words) {
            fail(fault{.what = fault::kind::memory, .instruction = instruction, .low = address, .high = address + words - 1});
            return false;
        }
        m_.grow(i_, std::uint32_t(address + words));
        return true;
    }

    /// Scalar instructions from pc, for one burst; compiled apart for a traced run, so that a run
    /// that is not traced pays nothing per instruction.
    std::uint64_t run_scalar() { return part_.tracing && part_.tracing->instructions ? run_scalar<true>() : run_scalar<false>(); }

    template <bool Traced>
    std::uint64_t run_scalar() {
        const std::uint64_t budget = std::min(shared(0) ? thread_quantum : scalar_burst_cycles, std::max<std::uint64_t>(cycles_to_horizon(), 1));
        const std::uint64_t instruction = timing_.instruction_cycles;
        std::uint64_t cost = 0;
        struct burst_end {  // outside a burst, a fault is at the step's own cycle
            std::uint64_t& burst;
            ~burst_end() { burst = 0; }
        } end{burst_};
        while (cost < budget) {
            const std::uint32_t at = p_->pc;
            const ir::instruction& ins = pp_->code[at];
            ++p_->pc;
            burst_ = cost;
            if constexpr (Traced) note(trace_event::kind::instruction, now_ + cost, 0, at);
            cost += instruction;
            using I = ir::instr;
            switch (ins.code) {
            case I::select: regs_[ins.dst] = value(ins.src[0]) ? value(ins.src[1]) : value(ins.src[2]); break;
            case I::convert: regs_[ins.dst] = detail::convert(value(ins.src[0]), ins.from, ins.type); break;
            case I::load:
            case I::store: {
                const std::int64_t address = std::int64_t(std::int32_t(value(ins.src[0]))) + std::int32_t(value(ins.src[1]));
                const std::uint32_t words = ir::words_of(ins.type);
                if (!memory_access(address, words, at)) return cost;
                word* w = memory() + address;
                if (ins.code == I::load) regs_[ins.dst] = words == 1 ? *w : detail::load32(w);
                else if (words == 1) *w = word(value(ins.src[2]));
                else detail::store32(w, value(ins.src[2]));
                break;
            }
            case I::dsd:
                if (!issue(ins.target, at)) return cost;
                cost += timing_.issue_cycles - instruction;
                if (p_->main == main_state::in_op) return cost;
                break;
            case I::activate: activate(int(ins.target)); break;
            case I::block: p_->blocked |= std::uint64_t(1) << ins.target; break;
            case I::unblock: p_->blocked &= ~(std::uint64_t(1) << ins.target); break;
            case I::set_fifo_read_length: m_.fifos[p_->fifos + ins.target].read_length = std::uint16_t(value(ins.src[0])); break;
            case I::set_fifo_write_length: m_.fifos[p_->fifos + ins.target].write_length = std::uint16_t(value(ins.src[0])); break;
            case I::clear_teardown: detail::clear_teardown(m_, part_, i_, int(ins.target)); break;
            case I::check_bounds:
                if (value(ins.src[0]) >= value(ins.src[1])) {
                    fail(fault{.what = fault::kind::bounds, .instruction = at, .low = std::int32_t(value(ins.src[0])),
                               .high = std::int64_t(value(ins.src[1])), .other = std::int64_t(ins.target)});
                    return cost;
                }
                break;
            case I::jump: p_->pc = ins.target; break;
            case I::branch: p_->pc = value(ins.src[0]) ? ins.target : ins.other; break;
            case I::call:
                if (p_->depth == call_stack_depth) return fail_at(fault::kind::call_depth, at), cost;
                m_.stacks[p_->stack + p_->depth++] = p_->pc;
                p_->pc = ins.target;
                break;
            case I::ret:
                if (p_->depth == 0) return fail_at(fault::kind::return_at_top, at), cost;
                p_->pc = m_.stacks[p_->stack + --p_->depth];
                break;
            case I::halt:  // ending a thread takes no cycle: the PE's last cycle is its last work
                p_->main = main_state::halted;
                return cost - instruction;
            case I::done:
                p_->main = main_state::idle;
                p_->task = -1;
                return cost - instruction;
            default: {
                detail::scalar_fault problem = detail::scalar_fault::none;
                regs_[ins.dst] = detail::scalar(ins.code, ins.type, value(ins.src[0]), value(ins.src[1]), problem);
                if (ins.code == I::div || ins.code == I::rem)
                    cost += (ir::is_float(ins.type) ? timing_.float_divide_cycles : timing_.divide_cycles) - instruction;
                if (problem != detail::scalar_fault::none) return fail_at(fault::kind::divide_by_zero, at), cost;
            }
            }
        }
        return cost;
    }

    void fail_at(fault::kind k, std::uint32_t instruction) { fail(fault{.what = k, .instruction = instruction}); }

    // ---- issuing a DSD operation ----

    /// The microthread an asynchronous operation runs on: explicit (WSE-3), else the fabout's output
    /// queue, else the first fabin's input queue (DSD reference, Microthreads).
    static int microthread_of(const ir::dsd_op& op) {
        if (op.microthread >= 0) return op.microthread;
        if (op.dst.k == ir::dsd::kind::fabout) return op.dst.queue;
        for (int s = 0; s < ir::sources_of(op.op); ++s)
            if (op.src[std::size_t(s)].k == ir::dsd::kind::fabin) return op.src[std::size_t(s)].queue;
        return 0;
    }

    queue_state& queue_of(const ir::dsd& d) {
        return d.k == ir::dsd::kind::fabin ? m_.input_queue(i_, d.queue) : m_.output_queue(i_, d.queue);
    }

    /// A FIFO operand's length set by set_fifo_*_length, if any, bounds the operation.
    void fifo_length(const ir::dsd_op& op, int slot, issued_op& o) const {
        const auto& f = m_.fifos[p_->fifos + ir::operand(op, slot).fifo];
        const std::uint16_t length = slot == 0 ? f.write_length : f.read_length;
        if (length > 0) o.elements = std::min<std::uint64_t>(o.elements, length);
    }

    /// Each memory slot's base from registers and the wavelet index, checked against PE memory
    /// (which grows to what it reaches); a fault when it reaches outside.
    bool resolve_bases(const ir::dsd_op& op, const prepared_op& w, issued_op& o, std::uint32_t instruction) {
        std::int64_t low = std::numeric_limits<std::int64_t>::max(), high = std::numeric_limits<std::int64_t>::min();
        for (int s = 0; s < w.operands; ++s) {
            const auto& d = ir::operand(op, s);
            if (d.k == ir::dsd::kind::fifo) fifo_length(op, s, o);
            if (d.k != ir::dsd::kind::mem) continue;
            std::int64_t base = d.base;
            if (d.base_reg != ir::no_reg) base = std::uint16_t(regs_[d.base_reg]);
            if (d.offset_reg != ir::no_reg) base += std::int32_t(regs_[d.offset_reg]);
            if (d.wavelet_index_offset) base += o.index;
            o.base[std::size_t(s)] = std::int32_t(base);
            if (w.high[s] < w.low[s] || o.elements == 0) continue;
            low = std::min(low, base + w.low[s]);
            high = std::max(high, base + w.high[s]);
        }
        if (high >= low) {
            if (low < 0 || high >= std::int64_t(hw::memory_words)) {
                fail(fault{.what = fault::kind::memory, .instruction = instruction, .op = o.op, .low = low, .high = high});
                return false;
            }
            m_.grow(i_, std::uint32_t(high + 1));
        }
        return true;
    }

    bool issue(std::uint32_t k, std::uint32_t instruction) {
        const ir::dsd_op& op = prog_->dsd_ops[k];
        const int t = op.async ? 1 + microthread_of(op) : 0;
        auto problem = [&](fault::kind what, std::int64_t low, std::int64_t other, bool output) {
            fail(fault{.what = what, .instruction = instruction, .op = k, .low = low, .other = other, .output = output});
            return false;
        };
        if (t > 0 && (p_->busy_threads & (1u << (t - 1))))
            return problem(fault::kind::microthread_busy, t - 1, op_of(t).op, false);

        issued_op o;
        o.op = k;
        if (op.index_reg != ir::no_reg) o.index = std::uint16_t(regs_[op.index_reg]);
        if (pp_->dynamic_walk[k]) {
            o.walk = p_->walks + std::uint32_t(t);
            ir::dsd_op& copy = m_.walk_ops[o.walk];
            copy = op;
            if (op.length_reg != ir::no_reg) copy.extent[0] = std::uint16_t(regs_[op.length_reg]);
            for (int s = 0; s < 1 + ir::sources_of(op.op); ++s) {
                auto& d = ir::operand(copy, s);
                if (d.stride_reg != ir::no_reg) d.stride[0] = std::int32_t(regs_[d.stride_reg]);
            }
            m_.walks[o.walk] = prepare(copy, m_.arch);
        }
        const prepared_op& w = walk_of(o);
        o.elements = w.elements;
        if (w.static_reach) {
            o.base = w.base;
            for (unsigned f = w.fifo_slots; f; f &= f - 1) fifo_length(op, std::countr_zero(f), o);
        } else if (!resolve_bases(op, w, o, instruction)) {
            return false;
        }
        for (unsigned f = w.fabric_slots; f; f &= f - 1) {
            const auto& d = ir::operand(op, std::countr_zero(f));
            auto& q = queue_of(d);
            const bool output = d.k == ir::dsd::kind::fabout;
            if (q.user != no_user && q.user != t) return problem(fault::kind::queue_busy, d.queue, op_of(q.user).op, output);
            if (d.socket >= 0 && !pp_->private_between_fabric) {
                const int color = detail::socket_color(*m_.layout, m_.layout->pes[i_], *prog_, d.socket);
                if (color >= 0 && color != q.color) {
                    if (!q.items.empty()) return problem(fault::kind::queue_not_empty, d.queue, q.color, output);
                    if (output) detail::bind_output_queue(m_, i_, d.queue, color);
                    else detail::bind_input_queue(m_, i_, d.queue, color);
                }
            }
            q.user = std::uint8_t(t);
        }
        if (part_.tracing) [[unlikely]] note(trace_event::kind::op_begin, now_ + burst_, t, k);
        if (t == 0) {
            p_->op = o;
            p_->main = main_state::in_op;
        } else {
            auto& mt = m_.threads[p_->threads + std::uint32_t(t - 1)];
            mt.op = o;
            mt.busy = true;
            mt.prio = op.prio;
            p_->busy_threads = std::uint8_t(p_->busy_threads | 1u << (t - 1));
        }
        return true;
    }

    // ---- running an operation ----

    static std::uint64_t per_wavelet(const ir::dsd& d, ir::data_type type) {
        return d.simd != ir::simd_mode::none && ir::words_of(type) == 1 ? 2 : 1;
    }

    /// Data wavelets at the head of an input queue that have landed (up to the first control wavelet, which the
    /// operation takes as data only with control_transform, or when nothing else claims it).
    std::uint64_t data_wavelets(queue_state& q, const ir::dsd& d, const ir::dsd_op& op, plan& pl, int queue) {
        for (;;) {
            if (q.ready(now_) == 0) return 0;
            const wavelet head = q.items.front();
            if (!head.control() || d.control_transform) break;
            if (op.on_control.k != ir::task_action::kind::none) {
                pl.stop = plan::end::on_control;
                pl.control_queue = std::int8_t(queue);
                return 0;
            }
            if (control_task(head) < 0) break;  // read as data, with a warning
            dispatch(pop_input(q));
        }
        const std::size_t ready = q.ready(now_);
        if (q.controls == 0 || d.control_transform) return ready;
        std::uint64_t n = 1;
        while (n < ready && !q.items.at(n).control()) ++n;
        return n;
    }

    /// Of n elements of operation `o`, those whose cycles end by the horizon (cycles_to_horizon).
    std::uint64_t within_horizon(const issued_op& o, std::uint64_t n) const {
        const std::uint64_t rate = rate_of(o);
        const std::uint64_t allowed = cycles_to_horizon();
        return element_cycles(n, rate) > allowed ? std::min(n, allowed * rate) : n;
    }

    /// What the next burst of thread t's operation can do, into `pl`.
    void planned(int t, plan& pl) {
        pl = plan{};
        issued_op& o = op_of(t);
        const ir::dsd_op& op = prog_->dsd_ops[o.op];
        const std::uint64_t remaining = o.elements - o.done;
        if (remaining == 0) {
            pl.stop = plan::end::complete;
            return;
        }
        std::uint64_t n = remaining;
        const std::uint64_t rate = rate_of(o);
        if (shared(t)) n = std::min(n, thread_quantum * rate);
        const prepared_op& w = walk_of(o);
        if (w.streams) n = std::min<std::uint64_t>(n, chunk_elements);
        bool fifo_short = false, halves = false;
        for (std::uint8_t j = 0; j < w.stream_count; ++j) {
            const int s = w.stream_slots[j];
            const auto& d = ir::operand(op, s);
            halves = halves || (ir::is_fabric(d.k) && per_wavelet(d, op.type) == 2);
            switch (d.k) {
            case ir::dsd::kind::fabin: {
                const std::uint64_t per = per_wavelet(d, op.type);
                std::uint64_t wavelets = data_wavelets(m_.input_queue(i_, d.queue), d, op, pl, d.queue);
                if (d.simd == ir::simd_mode::simd64 && wavelets % 2 == 1 && remaining > per * wavelets) --wavelets;
                n = std::min(n, wavelets * per);
                break;
            }
            case ir::dsd::kind::fabout:
                n = std::min<std::uint64_t>(n, m_.output_queue(i_, d.queue).items.room() * per_wavelet(d, op.type));
                break;
            case ir::dsd::kind::fifo: {
                auto& f = m_.fifos[p_->fifos + d.fifo];
                const std::uint64_t there = s == 0 ? prog_->fifos[d.fifo].capacity - f.count : f.count;
                if (there == 0) {
                    fifo_short = true;
                    (s == 0 ? f.need_room : f.need_data) = 1;  // a full / empty event
                } else if (s > 0 && !op.async && there < remaining && op.dst.k == ir::dsd::kind::mem &&
                           w.stride[0] == detail::dims{}) {
                    pl.discard = true;  // a scalar destination keeps nothing of an operation that ends early
                }
                n = std::min(n, there);
                break;
            }
            default: break;
            }
        }
        // A SIMD wavelet carries two elements: a burst ends on a wavelet boundary, but for the last.
        if (halves && n < remaining) n -= n % 2;
        n = within_horizon(o, n);
        if (pl.discard && pl.stop == plan::end::none) return;
        pl.discard = false;
        if (n > 0 && pl.stop != plan::end::on_control) {
            pl.n = n;
            return;
        }
        if (pl.stop == plan::end::none && fifo_short && !op.async) pl.stop = plan::end::fifo;
    }

    std::uint64_t run_op(int t) {
        plan& pl = plans_[std::size_t(t)];
        if (!(planned_ & (1u << t))) planned(t, pl);
        issued_op& o = op_of(t);
        const ir::dsd_op& op = prog_->dsd_ops[o.op];
        if (pl.discard) {
            const int source = fifo_source(op, walk_of(o));
            const std::uint64_t n = m_.fifos[p_->fifos + std::uint32_t(source)].count;
            for (std::uint64_t e = 0; e < n; ++e) fifo_pop(source);
            o.done += n;
            const std::uint64_t cost = element_cycles(n, rate_of(o));
            finish(t, now_ + cost, false);
            return cost;
        }
        if (pl.n == 0) {
            if (pl.stop == plan::end::on_control) {
                pop_input(m_.input_queue(i_, pl.control_queue));
                finish(t, now_, false, true);
            } else if (pl.stop == plan::end::fifo) {
                finish(t, now_, false);
            } else if (pl.stop == plan::end::complete) {
                finish(t, now_, true);
            }
            return 0;
        }
        return burst_of<false>(t, pl.n);
    }

    /// Elements [done, done + n) of thread t's operation (the plan's), staged from and to its
    /// queues and FIFOs; what they cost. `Plain`: a stream's (prepared_op::form::stream: no FIFO,
    /// no option on a fabric operand, no control wavelet in its queues), compiled without them.
    template <bool Plain>
    std::uint64_t burst_of(int t, std::uint64_t n) {
        issued_op& o = op_of(t);
        const ir::dsd_op& op = prog_->dsd_ops[o.op];
        const prepared_op& w = walk_of(o);
        dsd_batch b;
        b.memory = memory();
        b.first = o.done;
        b.count = n;
        b.base = o.base;
        for (unsigned staged = w.staged_in; staged; staged &= staged - 1) {
            const int s = 1 + std::countr_zero(staged);
            const auto& d = ir::operand(op, s);
            auto& in = in_[std::size_t(s - 1)];
            if (Plain || d.k == ir::dsd::kind::fabin) stage_in<Plain>(op, d, o.done, n, in);
            else for (std::uint64_t e = 0; e < n; ++e) in[e] = fifo_pop(d.fifo);
            b.in[std::size_t(s - 1)] = in.data();
        }
        if (w.staged_out) b.out = out_.data();
        engine_.execute(op, w, b);
        const bool last = o.done + n == o.elements;
        if (op.dst.k == ir::dsd::kind::fabout) stage_out<Plain>(op, o, n, last);
        else if (!Plain && op.dst.k == ir::dsd::kind::fifo)
            for (std::uint64_t e = 0; e < n; ++e) fifo_push(op, out_[e]);
        const std::uint64_t cost = element_cycles(n, rate_of(o));
        if (part_.counting) [[unlikely]] count_op(o, n, cost);
        o.done += n;
        if (last) finish(t, now_ + cost, true);
        return cost;
    }

    static int fifo_source(const ir::dsd_op& op, const prepared_op& w) {
        const unsigned sources = w.fifo_slots & ~1u;
        return sources ? op.src[std::size_t(std::countr_zero(sources) - 1)].fifo : 0;
    }

    /// Element bits from wavelets: the low 16 bits (or both halves in SIMD modes) of 16-bit data,
    /// all 32 of 32-bit data; with control_transform, index bit 31 says "this was a control wavelet".
    /// `Plain`: a stream's operand (burst_of).
    template <bool Plain>
    void stage_in(const ir::dsd_op& op, const ir::dsd& d, std::uint64_t done, std::uint64_t n,
                  std::array<std::uint32_t, chunk_elements>& in) {
        auto& q = m_.input_queue(i_, d.queue);
        const bool narrow = ir::words_of(ir::type_of(op, 1)) == 1;  // every source has the sources' type
        const bool halves = !Plain && per_wavelet(d, op.type) == 2;
        for (std::uint64_t e = 0; e < n;) {
            const std::uint64_t position = done + e;
            const wavelet w = pop_input(q);
            if (!Plain && w.control() && !d.control_transform) warn_control_as_data(d.queue);
            std::uint32_t bits = w.data;
            if (!Plain && d.control_transform) bits = (bits & transformed_data) | (w.control() ? transformed_control : 0);
            if (!halves) {
                in[e++] = narrow ? (bits & element_bits(1)) : bits;
                continue;
            }
            // A SIMD wavelet carries elements 2k and 2k + 1 of the operation.
            if (position % 2 == 0) in[e++] = bits & element_bits(1);
            if (e < n) in[e++] = bits >> 16;
        }
    }

    template <bool Plain>
    void stage_out(const ir::dsd_op& op, const issued_op& o, std::uint64_t n, bool last) {
        const ir::dsd& d = op.dst;
        auto& q = m_.output_queue(i_, d.queue);
        // A router reads an output queue's head: it has new work only when the queue was empty.
        if (q.items.empty()) part_.wake_router(std::int32_t(p_->router));  // none (-1) for a PE without a router
        const bool narrow = ir::words_of(op.type) == 1;
        const bool halves = !Plain && per_wavelet(d, op.type) == 2;
        for (std::uint64_t e = 0; e < n;) {
            wavelet w;
            std::uint32_t bits = narrow ? (out_[e] & element_bits(1)) : out_[e];
            ++e;
            if (halves && e < n) bits |= (out_[e++] & element_bits(1)) << 16;
            if (!Plain && d.wavelet_index_offset) bits = (bits & element_bits(1)) | std::uint32_t(o.index) << 16;
            if (!Plain && d.control) w.flags |= wavelet::control_bit;
            if (!Plain && d.control_transform) {
                if (bits & transformed_control) w.flags |= wavelet::control_bit;
                bits &= transformed_data;
            }
            w.data = bits;
            if (!Plain && last && e == n && d.advance_switch) w.flags |= wavelet::advance_bit;
            q.push(w);
        }
    }

    // ---- FIFOs ----

    std::uint32_t fifo_pop(int index) {
        const auto& def = prog_->fifos[std::size_t(index)];
        auto& f = m_.fifos[p_->fifos + std::uint32_t(index)];
        const word* at = memory() + def.base + std::uint32_t(f.head) * ir::words_of(def.type);
        const std::uint32_t bits = ir::words_of(def.type) == 1 ? *at : detail::load32(at);
        const std::uint32_t room_before = def.capacity - f.count;
        f.head = std::uint16_t((f.head + 1) % def.capacity);
        --f.count;
        // activate_pop: only after a full event, when the pop gives the waiting push its room back.
        if (f.need_room > 0 && room_before < f.need_room && room_before + 1 >= f.need_room) {
            f.need_room = 0;
            if (def.activate_pop >= 0) activate(def.activate_pop);
        }
        return bits;
    }

    void fifo_push(const ir::dsd_op& op, std::uint32_t bits) {
        const ir::dsd& d = op.dst;
        const auto& def = prog_->fifos[d.fifo];
        auto& f = m_.fifos[p_->fifos + d.fifo];
        word* at = memory() + def.base + std::uint32_t((f.head + f.count) % def.capacity) * ir::words_of(def.type);
        if (ir::words_of(def.type) == 1) *at = word(bits);
        else detail::store32(at, bits);
        const std::uint16_t before = f.count++;
        // activate_push: only after an empty event, when the push gives the waiting pop its data.
        if (f.need_data > 0 && before < f.need_data && f.count >= f.need_data) {
            f.need_data = 0;
            if (def.activate_push >= 0) activate(def.activate_push);
        }
    }
    // ---- completion ----

    /// Ends thread t's operation at cycle `at`: normally, early (a non-async FIFO operation:
    /// `false`), or by a control wavelet (on_control).
    void finish(int t, std::uint64_t at, bool completed, bool by_control = false) {
        issued_op& o = op_of(t);
        if (part_.tracing) [[unlikely]] note(trace_event::kind::op_end, at, t, o.op, completed ? 1 : 0);
        const ir::dsd_op& op = prog_->dsd_ops[o.op];
        const prepared_op& w = walk_of(o);
        for (std::uint8_t j = 0; j < w.stream_count; ++j) {
            const int s = w.stream_slots[j];
            const auto& d = ir::operand(op, s);
            if (ir::is_fabric(d.k)) {
                queue_of(d).user = no_user;
            } else {
                auto& f = m_.fifos[p_->fifos + d.fifo];
                (s == 0 ? f.write_length : f.read_length) = std::uint16_t(o.elements - o.done);
            }
        }
        if (completed && op.dst.k == ir::dsd::kind::fabout && op.dst.zero != ir::zero_source::none) zero_source(o, op);
        if (t == 0) {
            p_->main = main_state::running;
            const ir::instruction& ins = pp_->code[p_->pc - 1];
            if (ins.dst != ir::no_reg) regs_[ins.dst] = completed ? 1 : 0;
        } else {
            m_.threads[p_->threads + std::uint32_t(t - 1)].busy = false;
            p_->busy_threads = std::uint8_t(p_->busy_threads & ~(1u << (t - 1)));
            act(by_control ? op.on_control : completed ? op.on_complete : ir::task_action{});
        }
    }

    void act(const ir::task_action& a) {
        if (a.k == ir::task_action::kind::activate) activate(a.task);
        if (a.k == ir::task_action::kind::unblock) p_->blocked &= ~(std::uint64_t(1) << a.task);
    }

    /// Reset a Source Operand: the memory the first (or second) source walked becomes zero.
    void zero_source(const issued_op& o, const ir::dsd_op& op) {
        const prepared_op& w = walk_of(o);
        const int slot = op.dst.zero == ir::zero_source::first || w.operands == 2 ? 1 : 2;
        const std::int64_t words = ir::words_of(ir::type_of(op, slot));
        word* mem = memory();
        detail::walk<1>(w.extent, {o.base[std::size_t(slot)]}, {w.stride[std::size_t(slot)]}, 0, o.elements,
                        [&](const std::array<std::int64_t, 1>& at, std::uint64_t length) {
                            const std::int64_t step = w.stride[std::size_t(slot)][ir::max_rank - 1];
                            for (std::uint64_t n = 0; n < length; ++n)
                                std::fill_n(mem + at[0] + std::int64_t(n) * step, words, word(0));
                        });
    }
};

}  // namespace wafer::fabric
