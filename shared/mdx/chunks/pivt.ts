/** PIVT: its reader and writer live with the typed model, in shared/model/kinds/pivot.ts. */
export * from '../../model/kinds/pivot';
