// PLACEHOLDER: the CLI lands with the integration work.
#include <cstdio>
int main() { std::puts("wafer"); }
