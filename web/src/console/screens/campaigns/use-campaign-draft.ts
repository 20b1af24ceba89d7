import type { CampaignFields } from '#shared/console/campaigns-schemas.ts';
import { useKeptDraft } from '../../kit/use-kept-draft';

/** The fields as typed (a select not chosen yet is ''); the schema decides what may be sent. */
export type TypedFields = Record<Exclude<keyof CampaignFields, 'publish'>, string> & {
  slug?: string;
  publish?: boolean;
};

/** What the owner typed and the version of the campaign it was typed on (none for a new one). */
export interface TypedCampaign {
  fields: TypedFields;
  version?: number;
}

/** The campaign being written, kept in the tab until saved (kit/use-kept-draft.ts). */
export const useCampaignDraft = (owner: string, slug: string) => useKeptDraft<TypedCampaign>('campaign', owner, slug);
