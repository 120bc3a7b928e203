const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids that are not UUIDs cannot name a row; checking first keeps the database from raising on them. */
export const isUuid = (id: string) => uuidPattern.test(id);
