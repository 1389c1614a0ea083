/// The `limot serve` HTTP server (being built).
public enum ProxyServer {}
