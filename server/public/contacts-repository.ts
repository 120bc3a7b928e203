import type { Db } from '../db/client.ts';
import { contactMessages } from '../db/schema.ts';

export function contactsRepository(db: Db) {
  return {
    async create(values: { name: string; email: string; phone: string; message: string; ip: string }) {
      const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
      return row?.id;
    },
  };
}
