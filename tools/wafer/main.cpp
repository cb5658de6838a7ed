// wafer: the command-line face of the library, speaking the original tools' key=value conventions.
#include "commands.hpp"

int main(int argc, char** argv) { return wafer::cli::command_line(argc, argv); }
