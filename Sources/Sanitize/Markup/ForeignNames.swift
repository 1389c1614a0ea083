/// The camelCase names of SVG and MathML, which libxml2's HTML parser
/// lower-cases (`viewBox` becomes `viewbox`).
///
/// Browsers' HTML parsers restore these themselves, but limot's output is
/// also read by the lookup extractor and by people, and an SVG fragment that
/// is copied out must keep working, so the serializer writes the names as
/// SVG and MathML define them (the HTML standard's "adjust SVG attributes",
/// "adjust SVG tag name" and "adjust MathML attributes" tables).
enum ForeignNames {
    /// The SVG spelling of a lower-cased SVG element name, if it differs.
    static func svgElement(_ name: UnsafePointer<UInt8>) -> [UInt8]? {
        svgElements[NameKey(name)]
    }

    /// The SVG spelling of a lower-cased attribute name, if it differs.
    static func svgAttribute(_ name: UnsafePointer<UInt8>) -> [UInt8]? {
        svgAttributes[NameKey(name)]
    }

    /// The MathML spelling of a lower-cased attribute name, if it differs.
    static func mathAttribute(_ name: UnsafePointer<UInt8>) -> [UInt8]? {
        mathAttributes[NameKey(name)]
    }

    private static func table(_ names: [String]) -> [NameKey: [UInt8]] {
        var table: [NameKey: [UInt8]] = [:]
        for name in names { table[NameKey(name.lowercased())] = Array(name.utf8) }
        return table
    }

    private static let svgElements = table([
        "altGlyph", "altGlyphDef", "altGlyphItem", "animateColor", "animateMotion", "animateTransform",
        "clipPath", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix",
        "feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA",
        "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feImage", "feMerge", "feMergeNode",
        "feMorphology", "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight", "feTile",
        "feTurbulence", "foreignObject", "glyphRef", "linearGradient", "radialGradient", "textPath",
    ])

    private static let svgAttributes = table([
        "attributeName", "attributeType", "baseFrequency", "baseProfile", "calcMode", "clipPathUnits",
        "diffuseConstant", "edgeMode", "filterUnits", "glyphRef", "gradientTransform", "gradientUnits",
        "kernelMatrix", "kernelUnitLength", "keyPoints", "keySplines", "keyTimes", "lengthAdjust",
        "limitingConeAngle", "markerHeight", "markerUnits", "markerWidth", "maskContentUnits", "maskUnits",
        "numOctaves", "pathLength", "patternContentUnits", "patternTransform", "patternUnits", "pointsAtX",
        "pointsAtY", "pointsAtZ", "preserveAlpha", "preserveAspectRatio", "primitiveUnits", "refX", "refY",
        "repeatCount", "repeatDur", "requiredExtensions", "requiredFeatures", "specularConstant",
        "specularExponent", "spreadMethod", "startOffset", "stdDeviation", "stitchTiles", "surfaceScale",
        "systemLanguage", "tableValues", "targetX", "targetY", "textLength", "viewBox", "viewTarget",
        "xChannelSelector", "yChannelSelector", "zoomAndPan",
    ])

    private static let mathAttributes = table(["definitionURL"])
}
