// Transcribed from couchbase/couchbase-lite-ios, Objective-C/CBLErrors.h at tag 3.4.0 (commit
// 1c55a443cdcacd485fc82c82813710487b8ea02f), as Swift imports it: only the codes the example uses.
// `extern NSErrorDomain const CBLErrorDomain;` is a `String` constant (its value, "CouchbaseLite",
// is in Objective-C/Internal/CBLStatus.mm). The codes are an anonymous
// `NS_ERROR_ENUM(CBLErrorDomain) { … }`, whose constants Swift imports as global `Int`s
// (the SDK's own Swift API, Swift/Errors.swift, repeats them as `CBLError.notFound = 7`, …).

import Foundation

/// `extern NSErrorDomain const CBLErrorDomain;`
public let CBLErrorDomain: String = "CouchbaseLite"

/// Database/KeyStore/index is not open (`CBLErrorNotOpen`, 6).
public var CBLErrorNotOpen: Int { 6 }
/// Document not found (`CBLErrorNotFound`, 7).
public var CBLErrorNotFound: Int { 7 }
/// Document update conflict (`CBLErrorConflict`, 8).
public var CBLErrorConflict: Int { 8 }
/// Invalid function parameter or struct value (`CBLErrorInvalidParameter`, 9).
public var CBLErrorInvalidParameter: Int { 9 }
/// Database is busy/locked (`CBLErrorBusy`, 16).
public var CBLErrorBusy: Int { 16 }

/// The `NSError`s the stand-in throws: Couchbase Lite's domain and code. The messages are the
/// stand-in's (the SDK's come from LiteCore, `c4error_getMessage`).
enum CouchbaseErrors {
    static func error(_ code: Int) -> NSError {
        let messages = [
            CBLErrorNotOpen: "Database is not open", CBLErrorNotFound: "Document not found", CBLErrorConflict: "Document update conflict",
            CBLErrorInvalidParameter: "Invalid parameter", CBLErrorBusy: "Database is busy/locked",
        ]
        return NSError(domain: CBLErrorDomain, code: code, userInfo: [NSLocalizedDescriptionKey: messages[code] ?? "Couchbase Lite error \(code)"])
    }
}

/// `NSError**` parameters that are not a `throws` (`NS_SWIFT_NOTHROW`, as on
/// `-documentWithID:error:`) are `NSErrorPointer` in Swift: Foundation's
/// `AutoreleasingUnsafeMutablePointer<NSError?>?` on Apple platforms. Linux's Foundation has
/// neither, so the stand-in spells it with the pointer Linux has; an app passes `&error` or `nil`
/// to either.
public typealias NSErrorPointer = UnsafeMutablePointer<NSError?>?
