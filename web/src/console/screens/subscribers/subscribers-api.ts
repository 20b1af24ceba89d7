import { SUBSCRIBER_ROUTES, type SubscriberFilter, type SubscriberListPage } from '#shared/console/subscribers.ts';
import { consoleDownload, consoleRequest } from '../../client/console-client';

// The Subscribers screen's calls (lambdas/console/subscribers/subscriber-routes.ts).

/** One page of the filtered list, 50 at a time, newest first; the first page brings the counts. */
export const subscriberPage = (filter: SubscriberFilter, cursor: string | undefined, signal?: AbortSignal) =>
  consoleRequest<SubscriberListPage>(SUBSCRIBER_ROUTES.list, { query: { ...filter, cursor }, signal });

/** A part of the filtered list as the CSV the API names (subscribers-<day>.csv; ../../export/export-parts.ts). */
export const subscribersCsvPart = (filter: SubscriberFilter, cursor: string | undefined) =>
  consoleDownload(SUBSCRIBER_ROUTES.export, { query: { ...filter, cursor } }, 'subscribers.csv');
