#pragma once
// The original tools' command lines: key=value words, bare flags, and bracketed selections that
// the shell may split ([m n] arrives as "[m" and "n]").
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "wafer/ir/pe_program.hpp"

namespace wafer::cli {

/// A mistake on the command line: printed with the usage, exit status 2.
struct usage_error : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// The word of `known` nearest to `word` in edits (a letter added, removed, changed or two swapped),
/// when it is at most two edits away and nearer than any other: what a misspelling meant.
inline std::optional<std::string> nearest(const std::string& word, const std::vector<std::string>& known) {
    const auto distance = [](const std::string& a, const std::string& b) {
        std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
        for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
        for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
        for (std::size_t i = 1; i <= a.size(); ++i)
            for (std::size_t j = 1; j <= b.size(); ++j) {
                d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])});
                if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
            }
        return d[a.size()][b.size()];
    };
    std::optional<std::string> best;
    std::size_t best_distance = 3;
    bool tie = false;
    for (const auto& k : known) {
        const auto n = distance(word, k);
        if (n < best_distance) best = k, best_distance = n, tie = false;
        else if (n == best_distance && best && *best != k) tie = true;
    }
    return tie ? std::nullopt : best;
}

class args {
public:
    args(int argc, char** argv, int first) {
        for (int i = first; i < argc; ++i) {
            std::string a = argv[i];
            if (const int n = words_taken_by(a); n > 0) {   // `toolflag w "fsanitize=bounds"`: words, never options
                if (i + n >= argc) throw usage_error(a + " takes " + std::to_string(n) + " words after it");
                std::vector<std::string> words(argv + i + 1, argv + i + 1 + n);
                worded_[a].push_back(std::move(words));
                i += n;
                continue;
            }
            if (!a.empty() && a.front() == '[') {
                std::string group = a;
                while (group.back() != ']' && i + 1 < argc) group += ' ' + std::string(argv[++i]);
                if (group.back() != ']') throw usage_error("'" + group + "' has no closing ']'");
                brackets_.push_back(group.substr(1, group.size() - 2));
                continue;
            }
            auto eq = a.find('=');
            if (eq == std::string::npos || eq == 0) flags_.push_back(a);
            else values_[a.substr(0, eq)].push_back(a.substr(eq + 1));
        }
    }

    /// The value of a key given at most once.
    std::optional<std::string> get(const std::string& key) {
        used_.push_back(key);
        auto it = values_.find(key);
        if (it == values_.end()) return std::nullopt;
        if (it->second.size() > 1) throw usage_error(key + "= is given more than once");
        return it->second.front();
    }
    std::string require(const std::string& key) {
        auto v = get(key);
        if (!v) throw usage_error("missing " + key + "=" + misspelt(key));
        return *v;
    }
    /// " (KEY= looks misspelt as K=)" when a key given and not asked for is near `key`, else "".
    std::string misspelt(const std::string& key) const {
        for (const auto& [given, vs] : values_)
            if (nearest(given, {key}) && std::find(used_.begin(), used_.end(), given) == used_.end())
                return " (" + given + "= looks like a misspelt " + key + "=)";
        return {};
    }
    std::vector<std::string> all(const std::string& key) {
        used_.push_back(key);
        auto it = values_.find(key);
        return it == values_.end() ? std::vector<std::string>{} : it->second;
    }
    bool flag(const std::string& name) {
        used_flags_.push_back(name);
        for (const auto& f : flags_)
            if (f == name) return true;
        return false;
    }
    /// The words after each `flag` that takes some (paint's `toolname w carbide`), in order.
    std::vector<std::vector<std::string>> after(const std::string& flag) {
        used_worded_.push_back(flag);
        auto it = worded_.find(flag);
        return it == worded_.end() ? std::vector<std::vector<std::string>>{} : it->second;
    }
    /// Bracketed groups, without their brackets: "n=5:10", "m n".
    const std::vector<std::string>& brackets() const { return brackets_; }
    /// key=value words whose key is not a known option (e.g. miget's n=5:10 without brackets).
    std::vector<std::pair<std::string, std::string>> unclaimed() const {
        std::vector<std::pair<std::string, std::string>> out;
        for (const auto& [k, vs] : values_) {
            bool known = false;
            for (const auto& u : used_) known |= u == k;
            if (!known)
                for (const auto& v : vs) out.emplace_back(k, v);
        }
        return out;
    }
    /// Call once every option was read: anything left over is a mistake worth reporting.
    void finish(bool allow_unclaimed_values = false) const {
        if (!allow_unclaimed_values) {
            auto left = unclaimed();
            if (!left.empty()) {
                const auto& key = left.front().first;
                const auto meant = nearest(key, used_);
                throw usage_error("unknown option " + key + "=" + (meant ? " (did you mean " + *meant + "=?)" : ""));
            }
        }
        for (const auto& f : flags_) {
            bool known = false;
            for (const auto& u : used_flags_) known |= u == f;
            if (known) continue;
            const auto meant = nearest(f, used_flags_);
            throw usage_error("unknown argument '" + f + "'" + (meant ? " (did you mean '" + *meant + "'?)" : ""));
        }
        for (const auto& [f, uses] : worded_) {
            bool known = false;
            for (const auto& u : used_worded_) known |= u == f;
            if (!known) throw usage_error("unknown argument '" + f + "'");
        }
    }

private:
    /// Paint's options followed by words: toolname SUFFIX TOOL, toolflag SUFFIX "FLAGS".
    static int words_taken_by(const std::string& a) { return a == "toolname" || a == "toolflag" ? 2 : 0; }

    std::map<std::string, std::vector<std::vector<std::string>>> worded_;
    std::vector<std::string> used_worded_;
    std::map<std::string, std::vector<std::string>> values_;
    std::vector<std::string> flags_;
    std::vector<std::string> brackets_;
    std::vector<std::string> used_;
    std::vector<std::string> used_flags_;
};

/// `set=N=16` -> {"N", 16}; `set=C=0.5` -> {"C", 0.5}, for an sp, hp or ep param.
inline ir::param_value parse_setting(const std::string& s) {
    auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0) throw usage_error("set=" + s + " is not NAME=VALUE");
    auto text = s.substr(eq + 1);
    std::size_t used = 0;
    std::int64_t v = 0;
    try {
        v = std::stoll(text, &used, 0);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != 0 && used == text.size()) return {s.substr(0, eq), v};
    double real = 0;
    const auto [end, failed] = std::from_chars(text.data(), text.data() + text.size(), real);
    if (text.empty() || failed != std::errc() || end != text.data() + text.size() || !std::isfinite(real))
        throw usage_error("set=" + s + ": '" + text + "' is not a number");
    return {s.substr(0, eq), real};
}

}  // namespace wafer::cli
