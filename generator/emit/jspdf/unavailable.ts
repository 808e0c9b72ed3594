/**
 * Stands in, in PocketBase's jsPDF bundle (emit/pdf.ts), for the packages jsPDF loads only to read
 * images or draw HTML (fast-png, html2canvas, dompurify, canvg): agreements are text, and those packages
 * need a browser or APIs goja lacks (TextDecoder) as soon as they load.
 */
const unavailable = (): never => {
  throw new Error('jsPDF images and HTML are not available in PocketBase');
};
export const decode = unavailable;
export default unavailable;
