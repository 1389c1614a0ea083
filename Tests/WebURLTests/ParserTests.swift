import Testing
import WebURL

@Suite("Parser: special URLs")
struct SpecialURLParserTests {
    static let cases: [ParseCase] = [
        // Scheme and whitespace handling
        ParseCase("HTTP://EXAMPLE.COM/", "http://example.com/"),
        ParseCase("http://example.com", "http://example.com/"),
        ParseCase("  http://example.com/  ", "http://example.com/"),
        ParseCase("\u{0}\u{1F} http://example.com/\u{7} ", "http://example.com/"),
        ParseCase("\th\nttp://exa\r\nmple.com/a\tb", "http://example.com/ab"),
        ParseCase("HtTpS://example.com/", "https://example.com/"),
        // Slashes and backslashes
        ParseCase("http:\\\\example.com\\a\\b", "http://example.com/a/b"),
        ParseCase("http:example.com/", "http://example.com/"),
        ParseCase("http:/example.com/", "http://example.com/"),
        ParseCase("http:////example.com/", "http://example.com/"),
        ParseCase("http://example.com\\a", "http://example.com/a"),
        // Ports
        ParseCase("http://example.com:80/", "http://example.com/"),
        ParseCase("https://example.com:443/", "https://example.com/"),
        ParseCase("https://example.com:80/", "https://example.com:80/"),
        ParseCase("ws://example.com:80/", "ws://example.com/"),
        ParseCase("wss://example.com:443/x", "wss://example.com/x"),
        ParseCase("ftp://example.com:21/", "ftp://example.com/"),
        ParseCase("http://example.com:0080/", "http://example.com/"),
        ParseCase("http://example.com:65535/", "http://example.com:65535/"),
        ParseCase("http://example.com:0/", "http://example.com:0/"),
        ParseCase("http://example.com:/", "http://example.com/"),
        ParseCase("http://example.com:8080", "http://example.com:8080/"),
        ParseCase("http://example.com:65536/", nil),
        ParseCase("http://example.com:99999999999999999999/", nil),
        ParseCase("http://example.com:8a/", nil),
        ParseCase("http://example.com:-1/", nil),
        // Userinfo
        ParseCase("http://user:pass@example.com/", "http://user:pass@example.com/"),
        ParseCase("http://user@example.com/", "http://user@example.com/"),
        ParseCase("http://:pass@example.com/", "http://:pass@example.com/"),
        ParseCase("http://user:@example.com/", "http://user@example.com/"),
        ParseCase("http://@example.com/", "http://example.com/"),
        ParseCase("http://a@b@example.com/", "http://a%40b@example.com/"),
        ParseCase("http://us er:p@ss:w@example.com/", "http://us%20er:p%40ss%3Aw@example.com/"),
        ParseCase("http://ü:ö@example.com/", "http://%C3%BC:%C3%B6@example.com/"),
        ParseCase("http://a:b@c:29/d", "http://a:b@c:29/d"),
        ParseCase("http://user@/", nil),
        ParseCase("http://user@:80/", nil),
        ParseCase("http://", nil),
        ParseCase("http:///", nil),
        ParseCase("http://:80/", nil),
        // Paths: dot segments and percent-encoding
        ParseCase("http://example.com/a/./b/../c", "http://example.com/a/c"),
        ParseCase("http://example.com/a/%2e/b/%2E%2e/c", "http://example.com/a/c"),
        ParseCase("http://example.com/a/.%2E/b", "http://example.com/b"),
        ParseCase("http://example.com/a/..", "http://example.com/"),
        ParseCase("http://example.com/a/.", "http://example.com/a/"),
        ParseCase("http://example.com/../../x", "http://example.com/x"),
        ParseCase("http://example.com/a/...", "http://example.com/a/..."),
        ParseCase("http://example.com//a//b", "http://example.com//a//b"),
        ParseCase("http://example.com/a b", "http://example.com/a%20b"),
        ParseCase("http://example.com/ä", "http://example.com/%C3%A4"),
        ParseCase("http://example.com/%41%zz%", "http://example.com/%41%zz%"),
        ParseCase("http://example.com/a{b}`c^d|e", "http://example.com/a%7Bb%7D%60c%5Ed|e"),
        ParseCase("http://example.com/\"<>'", "http://example.com/%22%3C%3E'"),
        ParseCase("http://example.com/\u{1}\u{7F}", "http://example.com/%01%7F"),
        // Query and fragment
        ParseCase("http://example.com/?a b\"'<>`#c d`\"<>'", "http://example.com/?a%20b%22%27%3C%3E`#c%20d%60%22%3C%3E'"),
        ParseCase("http://example.com/?ä#ö", "http://example.com/?%C3%A4#%C3%B6"),
        ParseCase("http://example.com/?", "http://example.com/?"),
        ParseCase("http://example.com/#", "http://example.com/#"),
        ParseCase("http://example.com?x#y", "http://example.com/?x#y"),
        ParseCase("http://example.com#y", "http://example.com/#y"),
        ParseCase("http://example.com/a?b?c#d#e", "http://example.com/a?b?c#d#e"),
        ParseCase("http://example.com/?a=%2f&b={}", "http://example.com/?a=%2f&b={}"),
    ]

    @Test(arguments: cases)
    func parse(_ row: ParseCase) throws {
        #expect(try row.run() == row.expected)
    }
}

@Suite("Parser: hosts")
struct HostParserTests {
    static let cases: [ParseCase] = [
        ParseCase("http://ExAmPlE.CoM/", "http://example.com/"),
        ParseCase("http://ex%41mple.com/", "http://example.com/"),
        ParseCase("http://ex%2541mple.com/", nil),
        ParseCase("http://exa mple.com/", nil),
        ParseCase("http://a<b/", nil),
        ParseCase("http://a^b/", nil),
        ParseCase("http://a%00b/", nil),
        ParseCase("http://a..b/", "http://a..b/"),
        ParseCase("http://example.com./", "http://example.com./"),
        ParseCase("http://a_b.example/", "http://a_b.example/"),
        // IPv4, including the inet_aton shorthands
        ParseCase("http://0x7f.1/", "http://127.0.0.1/"),
        ParseCase("http://2130706433/", "http://127.0.0.1/"),
        ParseCase("http://0177.0.0.1/", "http://127.0.0.1/"),
        ParseCase("http://127.1/", "http://127.0.0.1/"),
        ParseCase("http://127.0.1/", "http://127.0.0.1/"),
        ParseCase("http://0x7F000001/", "http://127.0.0.1/"),
        ParseCase("http://0X7f.0.0.0x1/", "http://127.0.0.1/"),
        ParseCase("http://1.2.3.4./", "http://1.2.3.4/"),
        ParseCase("http://0/", "http://0.0.0.0/"),
        ParseCase("http://0x/", "http://0.0.0.0/"),
        ParseCase("http://4294967295/", "http://255.255.255.255/"),
        ParseCase("http://%31%32%37.0.0.1/", "http://127.0.0.1/"),
        ParseCase("http://4294967296/", nil),
        ParseCase("http://192.168.0.257/", nil),
        ParseCase("http://256.0.0.1/", nil),
        ParseCase("http://1.2.3.4.5/", nil),
        ParseCase("http://1.2.3.08/", nil),
        ParseCase("http://09.2.3.4/", nil),
        ParseCase("http://0x100.2.3.4/", nil),
        ParseCase("http://foo.0x/", nil),
        ParseCase("http://example.123/", nil),
        ParseCase("http://1..2/", nil),
        ParseCase("http://999999999999999999999/", nil),
        ParseCase("http://1.2.3.09a/", "http://1.2.3.09a/"),
        // IPv6
        ParseCase("http://[::1]/", "http://[::1]/"),
        ParseCase("http://[0:0:0:0:0:0:0:1]/", "http://[::1]/"),
        ParseCase("http://[::]/", "http://[::]/"),
        ParseCase("http://[1:0:0:0:0:0:0:0]/", "http://[1::]/"),
        ParseCase("http://[1:0:0:2::3:0]/", "http://[1::2:0:0:3:0]/"),
        ParseCase("http://[1:0:1:0:1:0:1:0]/", "http://[1:0:1:0:1:0:1:0]/"),
        ParseCase("http://[2001:DB8::A]:8080/", "http://[2001:db8::a]:8080/"),
        ParseCase("http://[0001:0db8:0000::0001]/", "http://[1:db8::1]/"),
        ParseCase("http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/"),
        ParseCase("http://[0:0:0:0:0:0:13.1.68.3]/", "http://[::d01:4403]/"),
        ParseCase("http://[1::2::3]/", nil),
        ParseCase("http://[::1/", nil),
        ParseCase("http://[1:2:3:4:5:6:7:8:9]/", nil),
        ParseCase("http://[1:2:3:4:5:6:7]/", nil),
        ParseCase("http://[12345::]/", nil),
        ParseCase("http://[:1]/", nil),
        ParseCase("http://[::1.2.3.]/", nil),
        ParseCase("http://[::1.2.3.4.5]/", nil),
        ParseCase("http://[::01.2.3.4]/", nil),
        ParseCase("http://[::256.2.3.4]/", nil),
        ParseCase("http://[1:2:3:4:5:6:7:1.2.3.4]/", nil),
        ParseCase("http://[::%31]/", nil),
        // Internationalised domain names
        ParseCase("http://bücher.de/", "http://xn--bcher-kva.de/"),
        ParseCase("http://BÜCHER.de/", "http://xn--bcher-kva.de/"),
        ParseCase("http://b%C3%BCcher.de/", "http://xn--bcher-kva.de/"),
        ParseCase("http://xn--bcher-kva.de/", "http://xn--bcher-kva.de/"),
        ParseCase("http://XN--BCHER-KVA.DE/", "http://xn--bcher-kva.de/"),
        ParseCase("http://Ünïcödé.example/", "http://xn--ncd-dma1a7bzb.example/"),
        ParseCase("http://faß.de/", "http://xn--fa-hia.de/"),
        ParseCase("http://日本語.jp/", "http://xn--wgv71a119e.jp/"),
        ParseCase("http://💩.example/", "http://xn--ls8h.example/"),
        ParseCase("http://ｅｘａｍｐｌｅ.com/", "http://example.com/"),
        ParseCase("http://example。com/", "http://example.com/"),
        ParseCase("http://ab\u{AD}c.com/", "http://abc.com/"),
        ParseCase("http://%C2%AD/", nil),
        ParseCase("http://%ff.com/", nil),
        // ASCII hosts are only lowercased, invalid Punycode or not (as browsers load them)
        ParseCase("http://xn--/", "http://xn--/"),
        ParseCase("http://XN--A.com/", "http://xn--a.com/"),
        ParseCase("http://xn--abc-/", "http://xn--abc-/"),
        ParseCase("http://xn--a.ß/", nil),
        ParseCase("http://a\u{3000}b/", nil),
    ]

    @Test(arguments: cases)
    func parse(_ row: ParseCase) throws {
        #expect(try row.run() == row.expected)
    }
}

@Suite("Parser: non-special URLs")
struct NonSpecialURLParserTests {
    static let cases: [ParseCase] = [
        ParseCase("sc://ExAmPlE/x", "sc://ExAmPlE/x"),
        ParseCase("SC://X", "sc://X"),
        ParseCase("sc://ex%41mple/", "sc://ex%41mple/"),
        ParseCase("sc://ä/", "sc://%C3%A4/"),
        ParseCase("sc://a b/", nil),
        ParseCase("sc://a^b/", nil),
        ParseCase("sc://[::1]/", "sc://[::1]/"),
        ParseCase("sc://[x]/", nil),
        ParseCase("sc://a:65536/", nil),
        ParseCase("sc://a:80/", "sc://a:80/"),
        ParseCase("sc://", "sc://"),
        ParseCase("sc:///x", "sc:///x"),
        ParseCase("sc://@/", nil),
        ParseCase("sc://u:p@h/", "sc://u:p@h/"),
        ParseCase("sc:/x", "sc:/x"),
        ParseCase("sc:/a/../b/./c", "sc:/b/c"),
        ParseCase("sc://h/a\\b", "sc://h/a\\b"),
        ParseCase("sc://h?a'b", "sc://h?a'b"),
        ParseCase("sc://h#f g", "sc://h#f%20g"),
        ParseCase("web+demo:/.//not-a-host/", "web+demo:/.//not-a-host/"),
        ParseCase("web+demo://h/..//x", "web+demo://h//x"),
        // Opaque paths
        ParseCase("sc:x y?q#f", "sc:x y?q#f"),
        ParseCase("data:text/html,<p>Hi there</p>", "data:text/html,<p>Hi there</p>"),
        ParseCase("mailto:User@Example.COM", "mailto:User@Example.COM"),
        ParseCase("javascript:alert(1)", "javascript:alert(1)"),
        ParseCase("JavaScript:alert(1)", "javascript:alert(1)"),
        ParseCase("about:blank", "about:blank"),
        ParseCase("blob:https://example.com/uuid", "blob:https://example.com/uuid"),
        ParseCase("sc:ä\u{7F}", "sc:%C3%A4%7F"),
        ParseCase("data:foo ?x", "data:foo%20?x"),
        ParseCase("data:a  b", "data:a  b"),
        ParseCase("sc:", "sc:"),
        ParseCase("a+b-c.d:x", "a+b-c.d:x"),
        // Not an absolute URL, no base
        ParseCase("example.com/x", nil),
        ParseCase("/x", nil),
        ParseCase("", nil),
        ParseCase("1http://x/", nil),
        ParseCase(":x", nil),
    ]

    @Test(arguments: cases)
    func parse(_ row: ParseCase) throws {
        #expect(try row.run() == row.expected)
    }
}

@Suite("Parser: relative references")
struct RelativeParserTests {
    static let base = "http://example.com/a/b/c?q#f"
    static let cases: [ParseCase] = [
        ParseCase("d", base: base, "http://example.com/a/b/d"),
        ParseCase("./d", base: base, "http://example.com/a/b/d"),
        ParseCase("../d", base: base, "http://example.com/a/d"),
        ParseCase("../../../../d", base: base, "http://example.com/d"),
        ParseCase("%2e%2E/d", base: base, "http://example.com/a/d"),
        ParseCase(".", base: base, "http://example.com/a/b/"),
        ParseCase("..", base: base, "http://example.com/a/"),
        ParseCase("/d", base: base, "http://example.com/d"),
        ParseCase("\\d", base: base, "http://example.com/d"),
        ParseCase("//other.org/x", base: base, "http://other.org/x"),
        ParseCase("\\\\other.org\\x", base: base, "http://other.org/x"),
        ParseCase("///other.org/x", base: base, "http://other.org/x"),
        ParseCase("//user@host:81", base: base, "http://user@host:81/"),
        ParseCase("?y", base: base, "http://example.com/a/b/c?y"),
        ParseCase("#g", base: base, "http://example.com/a/b/c?q#g"),
        ParseCase("", base: base, "http://example.com/a/b/c?q"),
        ParseCase("d?x#y", base: base, "http://example.com/a/b/d?x#y"),
        ParseCase(" \t/d\n ", base: base, "http://example.com/d"),
        ParseCase("d e", base: base, "http://example.com/a/b/d%20e"),
        ParseCase("https://x.org/", base: base, "https://x.org/"),
        ParseCase("http:d", base: base, "http://example.com/a/b/d"),
        ParseCase("http:/d", base: base, "http://example.com/d"),
        ParseCase("http://d", base: base, "http://d/"),
        ParseCase("https:d", base: base, "https://d/"),
        ParseCase("sc:d", base: base, "sc:d"),
        ParseCase("//", base: base, nil),
        ParseCase("//[1::2::3]/", base: base, nil),
        // Base with credentials and a port
        ParseCase("/c", base: "http://u:p@example.com:8080/a/b", "http://u:p@example.com:8080/c"),
        ParseCase("c", base: "http://u:p@example.com:8080/a/b", "http://u:p@example.com:8080/a/c"),
        ParseCase("//h/c", base: "http://u:p@example.com:8080/a/b", "http://h/c"),
        // Non-special base
        ParseCase("c", base: "sc://host/a/b", "sc://host/a/c"),
        ParseCase("../../../x", base: "sc://host/a/b", "sc://host/x"),
        ParseCase("//other/x", base: "sc://host/a/b", "sc://other/x"),
        ParseCase("?q", base: "sc://host/a/b", "sc://host/a/b?q"),
        ParseCase("\\x", base: "sc://host/a/b", "sc://host/a/\\x"),
        // Opaque-path bases only accept fragments
        ParseCase("#x", base: "about:blank", "about:blank#x"),
        ParseCase("#x", base: "mailto:a@b?subject=1#old", "mailto:a@b?subject=1#x"),
        ParseCase("x", base: "about:blank", nil),
        ParseCase("", base: "about:blank", nil),
    ]

    @Test(arguments: cases)
    func parse(_ row: ParseCase) throws {
        #expect(try row.run() == row.expected)
    }
}

@Suite("Parser: file URLs")
struct FileURLParserTests {
    static let cases: [ParseCase] = [
        ParseCase("file:///etc/hosts", "file:///etc/hosts"),
        ParseCase("file://localhost/etc/hosts", "file:///etc/hosts"),
        ParseCase("file://LOCALHOST/x", "file:///x"),
        ParseCase("file://loc%61lhost/x", "file:///x"),
        ParseCase("FILE://EXAMPLE.COM/X", "file://example.com/X"),
        ParseCase("file://host/share/x", "file://host/share/x"),
        ParseCase("file://[::1]/x", "file://[::1]/x"),
        ParseCase("file:/etc", "file:///etc"),
        ParseCase("file:etc", "file:///etc"),
        ParseCase("file:", "file:///"),
        ParseCase("file:///C:/x", "file:///C:/x"),
        ParseCase("file:c:\\x\\y", "file:///c:/x/y"),
        ParseCase("file://C|/x", "file:///C:/x"),
        ParseCase("file:///C|/x/../../..", "file:///C:/"),
        ParseCase("file://host:80/x", nil),
        ParseCase("file://a b/x", nil),
        ParseCase("y", base: "file:///tmp/x", "file:///tmp/y"),
        ParseCase("/y", base: "file:///tmp/x", "file:///y"),
        ParseCase("?q", base: "file:///tmp/x?old", "file:///tmp/x?q"),
        ParseCase("", base: "file:///tmp/x?old#f", "file:///tmp/x?old"),
        ParseCase("../../..", base: "file:///C:/a/b", "file:///C:/"),
        ParseCase("/y", base: "file:///C:/a", "file:///C:/y"),
        ParseCase("D|/y", base: "file:///C:/a", "file:///D:/y"),
        ParseCase("D:/y", base: "file:///C:/a", "d:/y"),
        ParseCase("c", base: "file://host/a/b", "file://host/a/c"),
        ParseCase("//other/y", base: "file://host/a/b", "file://other/y"),
    ]

    @Test(arguments: cases)
    func parse(_ row: ParseCase) throws {
        #expect(try row.run() == row.expected)
    }
}
