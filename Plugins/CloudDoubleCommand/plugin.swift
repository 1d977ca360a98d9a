import PackagePlugin
@main struct CloudDoubleCommand: CommandPlugin { func performCommand(context: PluginContext, arguments: [String]) async throws {} }
