task main() {
}
