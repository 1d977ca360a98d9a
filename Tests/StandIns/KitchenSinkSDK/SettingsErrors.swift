/// Errors thrown as Swift types of the SDK's own, as the AWS SDK for Swift throws them: one type
/// per error (`SettingsBusy`, like `ThrottlingException`) and one type for errors the SDK has no
/// type for, told apart by a name (`UnknownSettingsError`, like `UnknownAWSHTTPServiceError`).
public struct SettingsBusy: Error, Sendable {
    public var message: String?

    public init(message: String? = nil) {
        self.message = message
    }
}

public struct UnknownSettingsError: Error, Sendable {
    public var typeName: String?

    public init(typeName: String?) {
        self.typeName = typeName
    }
}
