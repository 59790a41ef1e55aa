/** Why a batch cannot go on for now (node, funds, configuration): recorded on the batch row and logged. */
export class AnchorProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnchorProblem';
  }
}
