/** The heading of an admin screen whose tools arrive with their own issue (the lead tracks them). */
export function AdminScreenTitle({ title }: { title: string }) {
  return (
    <div className="admin-screen">
      <h1 className="admin-screen__title">{title}</h1>
    </div>
  );
}
