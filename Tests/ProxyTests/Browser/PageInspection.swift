import Foundation

/// Scripts that read what a person sees in the page, and where the tests
/// write what a person should look at.
enum PageInspection {
    /// Colour arithmetic shared by the scripts: parse `rgb()/rgba()`, the
    /// WCAG relative luminance and contrast ratio, and the colour actually
    /// behind an element (its own and its ancestors' backgrounds blended over
    /// the canvas, which is white unless a background is opaque).
    private static let colourFunctions = """
        function rgba(text) {
          const m = /rgba?\\(([^)]+)\\)/.exec(text); if (!m) return null;
          const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
          return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
        }
        function luminance(c) {
          const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
          return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
        }
        function contrast(a, b) {
          const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
          return (x + 0.05) / (y + 0.05);
        }
        function over(top, bottom) {
          const a = top[3];
          return [0, 1, 2].map(i => top[i] * a + bottom[i] * (1 - a)).concat([1]);
        }
        function backgroundBehind(element) {
          const layers = [];
          for (let e = element; e; e = e.parentElement) {
            const c = rgba(getComputedStyle(e).backgroundColor);
            if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
          }
          let colour = [255, 255, 255, 1];
          for (const layer of layers.reverse()) colour = over(layer, colour);
          return colour;
        }
        """

    /// `[luminance of the page's background, its rgb() text]`.
    static let pageBackground = colourFunctions + """
        const c = backgroundBehind(document.body);
        return [luminance(c), `rgb(${c.slice(0, 3).map(Math.round).join(", ")})`];
        """

    /// Every visible element with text of its own, checked against WCAG AA
    /// (4.5:1, or 3:1 for large text; inactive controls are exempt, as WCAG
    /// has it): `[number checked, [failures]]`, each
    /// failure a line naming the element, its text, colours and ratio.
    static let contrastFailures = colourFunctions + """
        const failures = []; let checked = 0;
        for (const element of document.body.querySelectorAll("*")) {
          const own = Array.from(element.childNodes).some(n => n.nodeType === 3 && n.textContent.trim() !== "");
          if (!own || element.getClientRects().length === 0) continue;
          // WCAG 1.4.3 exempts inactive controls (the bar's disabled buttons).
          if (element.closest("[aria-disabled=true], :disabled")) continue;
          const style = getComputedStyle(element);
          if (style.visibility === "hidden" || style.display === "none" || parseFloat(style.opacity) === 0) continue;
          const rect = element.getBoundingClientRect();
          if (rect.right < 0 || rect.bottom < 0 || rect.width < 1 || rect.height < 1) continue;
          const background = backgroundBehind(element);
          const foreground = over(rgba(style.color), background);
          const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight, 10) >= 700;
          const needed = (size >= 24 || (bold && size >= 18.66)) ? 3 : 4.5;
          const ratio = contrast(foreground, background);
          checked++;
          if (ratio < needed) {
            const name = element.tagName.toLowerCase() + (element.id ? "#" + element.id : "") +
              (element.className && typeof element.className === "string" ? "." + element.className.trim().split(/\\s+/).join(".") : "");
            failures.push(`${name} "${element.textContent.trim().slice(0, 30)}" ${style.color} on rgb(${background.slice(0, 3).map(Math.round).join(",")}): ${ratio.toFixed(2)} < ${needed}`);
          }
        }
        return [checked, failures];
        """

    /// The state of the bar's buttons: name → enabled (a link) or not.
    static let barButtons = """
        const state = {};
        for (const b of document.querySelectorAll("#limot-bar .limot-btn")) {
          const name = Array.from(b.classList).find(c => c !== "limot-btn").replace("limot-", "");
          state[name] = b.tagName === "A" && b.getAttribute("aria-disabled") !== "true";
        }
        return state;
        """

    /// Where test artefacts go: `.build/test-artefacts/` in the package, or
    /// `LIMOT_TEST_ARTEFACTS`.
    static var artefacts: URL {
        if let folder = ProcessInfo.processInfo.environment["LIMOT_TEST_ARTEFACTS"], !folder.isEmpty {
            return URL(fileURLWithPath: folder)
        }
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        return root.appendingPathComponent(".build/test-artefacts")
    }

    /// Writes `data` as an artefact and says where.
    static func keep(_ data: Data, as name: String) throws -> URL {
        try FileManager.default.createDirectory(at: artefacts, withIntermediateDirectories: true)
        let file = artefacts.appendingPathComponent(name)
        try data.write(to: file)
        print("artefact: \(file.path)")
        return file
    }
}
