import Foundation

// This directory is a target so that its templates travel with the generator as resources
// (see Package.swift); the generator reads only the `*.mustache` files.

/// Where the default templates are at run time: this target's resource bundle.
public enum CloudDoubleTemplates {
    /// The directory that holds the `*.mustache` files, or `nil` if the bundle is missing.
    public static var directory: URL? { Bundle.module.resourceURL }
}
