export class TwoRepository {
  find(id: string) {
    return id;
  }
}
