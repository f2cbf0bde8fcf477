/** The claims line, shown in the footer, the contact page and the FAQ. */
export const CONTACT_PHONE = '1-800-555-0199';
export const CONTACT_PHONE_URI = 'tel:+18005550199';
