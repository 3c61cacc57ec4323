/** TEXS: its reader and writer live with the typed model, in shared/model/kinds/texture.ts. */
export * from '../../model/kinds/texture';
