/**
 * Gives a test file subscribers and campaigns tables of its own, so a preflight counts only the
 * subscribers it seeded and the list shows only its campaigns. Import it FIRST: it renames the
 * tables before the handlers (which read them when they load) are imported.
 */
import { randomBytes } from 'node:crypto';
import { createTables } from '#infra/local/services.ts';

const suffix = `own-${process.pid}-${randomBytes(4).toString('hex')}`;
process.env.SUBSCRIBERS_TABLE = `Subscribers-${suffix}`;
process.env.CAMPAIGNS_TABLE = `Campaigns-${suffix}`;

export const ownTables = { subscribers: process.env.SUBSCRIBERS_TABLE, campaigns: process.env.CAMPAIGNS_TABLE };

export const createOwnCampaignTables = () =>
  createTables(process.env.AWS_ENDPOINT_URL_DYNAMODB!, (table) => `${table.logicalName}-${suffix}`);
