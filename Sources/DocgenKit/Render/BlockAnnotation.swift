// MARK: - Block annotations

/// Extra markup an analyser attaches to a block of a document page (for example a rule's anchor and
/// badge on a list item), keyed by the block's start position in the source.
public struct BlockAnnotation: Sendable, Hashable {
    /// The element id (an anchor such as a rule id).
    public var id: String?
    /// CSS classes for the element.
    public var classes: [String]
    /// HTML placed right after the opening tag.
    public var prefixHTML: String
    /// HTML placed right before the closing tag.
    public var suffixHTML: String

    /// Creates an annotation.
    public init(id: String? = nil, classes: [String] = [], prefixHTML: String = "", suffixHTML: String = "") {
        self.id = id
        self.classes = classes
        self.prefixHTML = prefixHTML
        self.suffixHTML = suffixHTML
    }

    /// Combines two annotations of the same block (the first id wins; the other becomes an inline anchor).
    public func merged(with other: BlockAnnotation) -> BlockAnnotation {
        var result = self
        result.classes += other.classes.filter { !classes.contains($0) }
        if result.id == nil {
            result.id = other.id
        } else if let otherID = other.id {
            result.prefixHTML += "<span id=\"\(HTMLEscaping.escape(otherID))\"></span>"
        }
        result.prefixHTML += other.prefixHTML
        result.suffixHTML += other.suffixHTML
        return result
    }
}
