/** The limits and answers of photo uploads, shared by the upload and the read routes. */

/** The largest image accepted (multer stops reading past it). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** How many images one user may upload per day (UTC). */
export const MAX_UPLOADS_PER_DAY = 50;

export const UPLOAD_MESSAGES = {
  tooLarge: 'The image is too large. The limit is 5 MB.',
  missing: 'Choose an image to upload (form field "file").',
  empty: 'The file is empty.',
  notAnImage: 'Only images can be uploaded: PNG, JPEG, GIF or WebP.',
  unreadable: 'The upload could not be read. Send one image in the form field "file".',
  notFound: 'Upload not found',
  dailyLimit: `You can upload at most ${MAX_UPLOADS_PER_DAY} images a day. Please try again tomorrow.`,
} as const;
