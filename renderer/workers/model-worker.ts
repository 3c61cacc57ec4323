/**
 * The model-parsing worker: receives a model's bytes (transferred), reads them with the model
 * codec and posts the document back (plain data: it survives the structured clone).
 */
import { modelCodec } from '../../shared/events';
import { type ParseRequest, answerParseRequest } from './model-parser';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ParseRequest>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (event) => {
  scope.postMessage(answerParseRequest(modelCodec, event.data).response);
};
