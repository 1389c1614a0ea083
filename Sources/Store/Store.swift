/// Placeholder until the store lands.
enum StorePlaceholder {}
