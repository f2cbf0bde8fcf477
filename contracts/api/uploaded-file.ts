import { z } from 'zod';

/**
 * A file in a JSON body, as the spec's calls send them: a name and a data URL
 * (`data:{type};base64,{bytes}`). The declared type is ignored: the server detects it.
 */
export const uploadedFileSchema = z.object({
  name: z.string('required').trim().min(1, 'required').max(255, 'tooLong'),
  data: z
    .string('required')
    .regex(/^data:[^;,]*(;[^;,=]+=[^;,]+)*;base64,[A-Za-z0-9+/]*={0,2}$/, 'invalidFile'),
});

export type UploadedFilePayload = z.infer<typeof uploadedFileSchema>;

/** Base64 of the largest body a 4 MB batch makes, with room for names and fields. */
export const MAX_UPLOAD_BODY_BYTES = 8 * 1024 * 1024;
