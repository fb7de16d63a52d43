import HouseholdsDomain
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// H7, H8: a person's reminders, and "remind me later".
extension ChoresService {
    public func listMyReminders(
        request: Quad_Households_V1_ListMyRemindersRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_ListMyRemindersResponse {
        let caller = try context.requireCaller()
        let reminders = try await refusingAsRPC {
            try await database.reminders(
                of: caller.userID,
                in: request.householdID.isEmpty ? nil : request.householdID
            )
        }
        return .with { $0.reminders = reminders }
    }

    public func snoozeReminder(
        request: Quad_Households_V1_SnoozeReminderRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_Reminder {
        let caller = try context.requireCaller()
        try HouseholdsInput.requireID(request.reminderID, "reminder_id", "reminder (ListMyReminders lists yours)")
        let minutes = Int(clamping: request.minutes)
        let dueAt = try refusingAsRPC { try ReminderSchedule.remindLater(now: clock.micros(), minutes: minutes) }
        return try await refusingAsRPC {
            try await database.snooze(request.reminderID, of: caller.userID, until: dueAt)
        }
    }
}
