/// Loopback fixture servers for tests (being built).
public enum FixtureServerPlaceholder {}
