import type { Page } from '#shared/console-api.ts';
import {
  SUBSCRIBER_ROUTES,
  type SubscriberFilter,
  type SubscriberRow,
  type SubscribersOverview,
} from '#shared/console-people.ts';
import { consoleDownload, consoleRequest } from '../../console-api';

/** The Subscribers screen's calls (lambdas/console/subscriber-routes.ts). */
export const subscribersOverview = (signal?: AbortSignal) =>
  consoleRequest<SubscribersOverview>(SUBSCRIBER_ROUTES.overview, { signal });

/** One page of the filtered list, 50 at a time, newest first. */
export const subscriberPage = (filter: SubscriberFilter, cursor: string | undefined, signal?: AbortSignal) =>
  consoleRequest<Page<SubscriberRow>>(SUBSCRIBER_ROUTES.list, { query: { ...filter, cursor }, signal });

/** Every row of the filtered list as the CSV the API names (subscribers-<day>.csv). */
export const subscribersCsv = (filter: SubscriberFilter) =>
  consoleDownload(SUBSCRIBER_ROUTES.export, { query: { ...filter } }, 'subscribers.csv');
