#pragma once
// The Paint AST: plain data produced by the text front end and walked by the evaluator.
// (C++ layouts do not go through it: they call the region algebra directly, as the evaluator does.)
#include <cstdint>
#include <string>
#include <vector>

#include "wafer/core/diagnostic.hpp"

namespace wafer::paint::ast {

struct expr {
    enum class kind : std::uint8_t {
        integer,  ///< `integer`: 42, 0x2A (32-bit signed)
        real,     ///< `real`: 1.5
        string,   ///< `text`: "example", 'name, '(with spaces)
        name,     ///< `text`: a variable (letters, digits, _, trailing apostrophes)
        symbol,   ///< `text`: $name or $a.b (without the '$')
        geovar,   ///< `text`: @name (without the '@')
        arcvar,   ///< `text`: ^name (without the '^')
        call,     ///< `text` is the callee's name, `items` the arguments: f(a b c)
        binary,   ///< `text` is the operator ("+", "-", "*", "/", "%", "//", "=="); items = {lhs, rhs}
        array,    ///< `items`: [1 2 3]
        dict,     ///< `keys[i]:items[i]`: [k:v ...]
        route,    ///< `text` is the rule between the brackets, verbatim: "L>CR", "C>R ; L>R", "CXR|R"
    };
    kind k = kind::integer;
    std::int64_t integer = 0;
    double real = 0.0;
    std::string text;
    std::vector<expr> items;
    std::vector<std::string> keys;
    source_position pos;
    friend bool operator==(const expr&, const expr&) = default;
};

struct statement {
    enum class kind : std::uint8_t {
        let,         ///< `let name = value` (or `let [a b c] = value`: `names`)
        assign,      ///< `name = value`
        apply,       ///< `name : value`, value a call whose first argument (name) is implied
        define,      ///< `define name(params) { body }`
        include,     ///< `include "path"` (`name` holds the path)
        expression,  ///< a bare expression; the last one's value is the layout
    };
    kind k = kind::expression;
    std::string name;
    std::vector<std::string> names;    ///< let's destructuring form; define's parameters
    expr value;
    std::vector<statement> body;       ///< define's body
    source_position pos;
    friend bool operator==(const statement&, const statement&) = default;
};

struct program {
    source_text source;
    std::vector<statement> statements;
};

}  // namespace wafer::paint::ast
