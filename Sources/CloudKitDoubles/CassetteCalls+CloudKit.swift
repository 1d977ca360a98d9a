import CloudDoubleRuntime

extension CassetteCodecs {
    /// The call ids of the generated `Container`, `Database` and `KeyValueStore` types (the ids
    /// of `CloudContainerCall`, `CloudDatabaseCall` and `CloudKeyValueStoreCall`), so that a
    /// cassette naming a call they do not have is refused when it opens. A test checks this list
    /// against the generated call keys (`CassetteTests`).
    static func registerCalls(in codecs: inout CassetteCodecs) {
        codecs.register(
            calls: [
                "acceptShare", "acceptShares", "acceptSharesOperation", "accountStatus", "addOperation", "allLongLivedOperationIDs",
                "applicationPermissionStatus", "containerIdentifier", "database", "fetchDatabaseChangesOperation",
                "fetchRecordZoneChangesOperation", "fetchRecordZonesOperation", "fetchRecordsOperation",
                "fetchShareMetadataOperation", "fetchSubscriptionsOperation", "longLivedOperation", "modifyRecordZonesOperation",
                "modifyRecordsOperation", "modifySubscriptionsOperation", "privateCloudDatabase", "publicCloudDatabase",
                "queryOperation", "requestApplicationPermission", "shareMetadata", "shareMetadatas", "shareParticipantForEmail",
                "shareParticipantForPhoneNumber", "shareParticipantForUserRecordID", "shareParticipantsForEmails",
                "shareParticipantsForPhoneNumbers", "shareParticipantsForUserRecordIDs", "sharedCloudDatabase",
                "userIdentitiesForEmails", "userIdentitiesForPhoneNumbers", "userIdentitiesForUserRecordIDs", "userIdentityForEmail",
                "userIdentityForPhoneNumber", "userIdentityForUserRecordID", "userRecordID",
            ], of: "Container")
        codecs.register(
            calls: [
                "addOperation", "allRecordZones", "allSubscriptions", "continueQuery", "databaseChanges", "databaseScope",
                "deleteRecord", "deleteRecordZone", "deleteSubscription", "fetchDatabaseChangesOperation", "fetchRecord",
                "fetchRecordZone", "fetchRecordZoneChangesOperation", "fetchRecordZones", "fetchRecordZonesOperation",
                "fetchRecords", "fetchRecordsOperation", "fetchSubscription", "fetchSubscriptions", "fetchSubscriptionsOperation",
                "modifyRecordZones", "modifyRecordZonesOperation", "modifyRecords", "modifyRecordsOperation", "modifySubscriptions",
                "modifySubscriptionsOperation", "performQuery", "queryOperation", "queryRecords", "recordZoneChanges", "saveRecord",
                "saveRecordZone", "saveSubscription",
            ], of: "Database")
        codecs.register(
            calls: [
                "array", "bool", "data", "dictionary", "dictionaryRepresentation", "double", "longLong", "object", "removeObject",
                "setArray", "setBool", "setData", "setDictionary", "setDouble", "setLongLong", "setObject", "setString", "string",
                "synchronize",
            ], of: "KeyValueStore")
    }
}
