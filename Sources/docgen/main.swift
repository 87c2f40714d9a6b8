import DocgenKit
import Foundation
let text = try String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)
let doc = MarkdownParser.parse(text)
let a = HTMLRenderer.render(doc, decorator: PlainHTMLDecorator())
let b = MarkdownParser.referenceHTML(text)
print(a == b ? "SAME" : "DIFF")
if a != b { try a.write(toFile: "/tmp/a.html", atomically: true, encoding: .utf8); try b.write(toFile: "/tmp/b.html", atomically: true, encoding: .utf8) }
