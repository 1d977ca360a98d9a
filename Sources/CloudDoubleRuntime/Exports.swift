// Users and generated code keep writing `import CloudDoubleRuntime` and see the error catalogue.
@_exported import CloudDoubleCatalogue
