/// Charset labels as browsers read them (WHATWG Encoding Standard, the
/// encodings a German–Persian site and its ads plausibly use), mapped to one
/// canonical name and to the name glibc's iconv knows.
///
/// Browsers decode "iso-8859-1" and "us-ascii" as windows-1252, which differs
/// in 0x80–0x9F (curly quotes, €); pages are written against what browsers
/// show, so limot does the same.
enum CharsetLabels {
    /// The canonical, lower-case name for `label`; an unknown label comes back
    /// lower-cased and trimmed, for iconv to try and for errors to name.
    static func canonical(_ label: String) -> String {
        // The label of nearly every page, and what this returns for it, read
        // twice a page (the charset found, then again where it is decoded):
        // trimmed, lower-cased and looked up, it cost about 700 instructions
        // each time (callgrind).
        if label == "utf-8" { return label }
        let key = label.trimmingSpaces().lowercased()
        return aliases[key] ?? key
    }

    /// The iconv name for a canonical charset.
    static func iconvName(_ canonical: String) -> String {
        iconvNames[canonical] ?? canonical.uppercased()
    }

    private static let iconvNames: [String: String] = [
        "utf-8": "UTF-8", "utf-16le": "UTF-16LE", "utf-16be": "UTF-16BE",
        "shift_jis": "CP932", "euc-kr": "CP949", "gbk": "GBK", "gb18030": "GB18030",
        "big5": "BIG5-HKSCS", "koi8-r": "KOI8-R", "koi8-u": "KOI8-U", "macintosh": "MACINTOSH",
    ]

    private static let aliases: [String: String] = {
        let groups: [String: [String]] = [
            "utf-8": ["unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8"],
            "windows-1252": [
                "ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1", "iso-ir-100",
                "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1", "us-ascii", "windows-1252", "x-cp1252",
            ],
            "windows-1256": ["cp1256", "windows-1256", "x-cp1256"],
            "iso-8859-6": [
                "arabic", "asmo-708", "csiso88596e", "csiso88596i", "csisolatinarabic", "ecma-114", "iso-8859-6",
                "iso-8859-6-e", "iso-8859-6-i", "iso-ir-127", "iso8859-6", "iso88596", "iso_8859-6", "iso_8859-6:1987",
            ],
            "iso-8859-2": ["csisolatin2", "iso-8859-2", "iso-ir-101", "iso8859-2", "iso88592", "iso_8859-2", "iso_8859-2:1987", "l2", "latin2"],
            "iso-8859-15": ["csisolatin9", "iso-8859-15", "iso8859-15", "iso885915", "iso_8859-15", "l9"],
            "windows-1250": ["cp1250", "windows-1250", "x-cp1250"],
            "windows-1251": ["cp1251", "windows-1251", "x-cp1251"],
            "windows-1253": ["cp1253", "windows-1253", "x-cp1253"],
            "windows-1254": ["cp1254", "csisolatin5", "iso-8859-9", "iso-ir-148", "iso8859-9", "iso88599", "iso_8859-9", "l5", "latin5", "windows-1254", "x-cp1254"],
            "windows-1255": ["cp1255", "windows-1255", "x-cp1255"],
            "windows-1257": ["cp1257", "windows-1257", "x-cp1257"],
            "windows-1258": ["cp1258", "windows-1258", "x-cp1258"],
            "koi8-r": ["cskoi8r", "koi", "koi8", "koi8-r", "koi8_r"],
            "koi8-u": ["koi8-ru", "koi8-u"],
            "macintosh": ["csmacintosh", "mac", "macintosh", "x-mac-roman"],
            "shift_jis": ["csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis", "windows-31j", "x-sjis"],
            "euc-jp": ["cseucpkdfmtjapanese", "euc-jp", "x-euc-jp"],
            "euc-kr": ["cseuckr", "csksc56011987", "euc-kr", "iso-ir-149", "korean", "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601", "ksc_5601", "windows-949"],
            "gbk": ["chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312", "gb_2312-80", "gbk", "iso-ir-58", "x-gbk"],
            "gb18030": ["gb18030"],
            "big5": ["big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5"],
            "utf-16le": ["csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16", "utf-16le"],
            "utf-16be": ["unicodefffe", "utf-16be"],
        ]
        var table: [String: String] = [:]
        for (canonical, labels) in groups {
            for label in labels { table[label] = canonical }
        }
        return table
    }()
}
