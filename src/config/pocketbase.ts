/** The one PocketBase client of the staff screens; the site and the API share an origin. */
import PocketBase from 'pocketbase';

export const pb = new PocketBase(typeof window === 'undefined' ? 'http://127.0.0.1:8090' : window.location.origin);
pb.autoCancellation(false);
