import SwiftFlowCore

/// The picture of a ComfyUI image node (`ComfyUIImageFolder.picture(of:)`), as ComfyUI draws it:
/// filling the node's free area below its slots and widgets (a flexible view: the stack it is in
/// gives it the room left), aspect fit and centred, 10 flow units in from the sides and bottom.
/// A file not found, or a name that would leave the folder, is a dark box naming the file.
public struct ComfyUINodePicture: View {
    /// What is shown.
    public let picture: ComfyUIImageFolder.Picture

    /// Creates the view of `picture`.
    public init(_ picture: ComfyUIImageFolder.Picture) { self.picture = picture }

    /// The placeholder's fill: `#222222`.
    public static let placeholderFill = Color(hex: 0x222222)

    public var body: some View {
        VStack(spacing: 0) {
            switch picture {
            case .file(let path):
                Image(contentsOfFile: path).resizable().scaledToFit()
            case .missing(let name), .rejected(let name):
                ZStack {
                    RoundedRectangle(cornerRadius: 4).fill(Self.placeholderFill).stroke(Color(hex: 0x555555))
                    VStack(spacing: 4) {
                        Text(verbatim: name).lineLimit(2).multilineTextAlignment(.center)
                        Text(picture == .missing(name: name) ? "not found" : "outside the folder").foregroundColor(Color(hex: 0x888888))
                    }
                    .font(.system(size: 11))
                    .foregroundColor(Color(hex: 0xC8C8C8))
                    .padding(6)
                }
            }
        }
        .padding(EdgeInsets(top: 4, leading: 10, bottom: 10, trailing: 10))
    }
}
