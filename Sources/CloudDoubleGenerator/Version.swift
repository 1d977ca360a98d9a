/// The package's version: the one place it is written. `clouddouble --version` prints it; tests
/// check that the README's dependency line and the CHANGELOG's newest entry say the same.
public enum CloudDoubleVersion {
    public static let current = "0.2.0"
}
