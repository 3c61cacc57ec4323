/** SEQS: its reader and writer live with the typed model, in shared/model/kinds/sequence.ts. */
export * from '../../model/kinds/sequence';
