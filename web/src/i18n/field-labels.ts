import { fieldLabels, type FieldLabelCode } from '@stakedesk/shared/i18n/field-labels';

/** A field's label: the shared catalogue's, under the key every client catalogue gives it (`server.<code>`). */
type FieldLabelKey = `server.${FieldLabelCode}`;

const labelled = Object.entries(fieldLabels).map(([code, text]) => [`server.${code}`, text]);

/**
 * The field labels alone, in English: for the holder pages, whose English carries none of the
 * server's messages (a server error comes in English already). Their Portuguese has the labels with
 * the rest of the server's messages (serverMessages).
 */
export const englishFieldLabels = Object.fromEntries(labelled) as Record<FieldLabelKey, string>;
