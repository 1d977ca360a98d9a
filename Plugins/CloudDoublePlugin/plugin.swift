import PackagePlugin
@main struct CloudDoublePlugin: BuildToolPlugin { func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] { [] } }
