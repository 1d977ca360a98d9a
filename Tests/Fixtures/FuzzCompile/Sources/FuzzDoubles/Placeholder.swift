// The generated sample lands next to this file (see Package.swift).
enum FuzzSample {}
