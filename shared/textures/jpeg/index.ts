export { decodeJpeg, type JpegComponent, type JpegImage } from './decoder';
