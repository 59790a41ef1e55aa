/*
 * Where share images are served. The routers mount them here and the pages build their absolute
 * addresses from the same constants, so a page never imports a router (issue 36).
 */

/** The share images' folder under the OB 2.0 API. */
export const SHARE_IMAGE_FOLDER = '/Wallet/Public/ShareImage';

/** Badge, class, issuer and skill cards: `${SHARE_IMAGE_PATH}/<id>.png`, `…/<kind>/<id>.png`. */
export const SHARE_IMAGE_PATH = `/api/v1.0/openbadge/v2${SHARE_IMAGE_FOLDER}`;

/** A public certificate's card: `${CERTIFICATE_CARD_PATH}/<id>.png`. */
export const CERTIFICATE_CARD_PATH = `${SHARE_IMAGE_PATH}/acaddoc`;

/** A public held learner record's card (issue 38): `${RECORD_CARD_PATH}/<id>.png`. */
export const RECORD_CARD_PATH = `${SHARE_IMAGE_PATH}/record`;
