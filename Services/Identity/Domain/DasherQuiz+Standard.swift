extension DasherQuiz {
    /// The quiz every dasher candidate takes.
    public static let standard = DasherQuiz(questions: [
        QuizQuestion(
            id: "laundry-01",
            text: "A customer's shirt has a care label with a tub and one dot. How do you wash it?",
            choices: ["Cold water, about 30 °C", "Warm water, about 40 °C", "Hot water, about 60 °C", "Do not wash"],
            correctChoice: 0
        ),
        QuizQuestion(
            id: "laundry-02",
            text: "The care label shows a tub crossed out. What do you do?",
            choices: [
                "Wash it on a gentle cycle",
                "Do not machine or hand wash it; tell the customer",
                "Hand wash it in hot water",
                "Wash it with the darks",
            ],
            correctChoice: 1
        ),
        QuizQuestion(
            id: "laundry-03",
            text: "A load contains a new red T-shirt and white towels. What is right?",
            choices: [
                "Wash them together on hot",
                "Wash them together with extra detergent",
                "Wash the red shirt separately: new dark colours bleed",
                "Add bleach so the towels stay white",
            ],
            correctChoice: 2
        ),
        QuizQuestion(
            id: "laundry-04",
            text: "What does a square with a circle inside and a cross over it on a care label mean?",
            choices: ["Dry clean only", "Do not tumble dry", "Tumble dry on high heat", "Iron on low heat"],
            correctChoice: 1
        ),
        QuizQuestion(
            id: "laundry-05",
            text: "What must you do before every dryer load?",
            choices: [
                "Clean the lint filter",
                "Add a cup of water",
                "Run the dryer empty for five minutes",
                "Nothing, dryers clean themselves",
            ],
            correctChoice: 0
        ),
        QuizQuestion(
            id: "laundry-06",
            text: "You find cash and a student ID in a pocket. What do you do?",
            choices: [
                "Keep the cash as a tip",
                "Leave them in the pocket",
                "Take them out before washing and return them to the customer at drop-off",
                "Give them to the dorm front desk",
            ],
            correctChoice: 2
        ),
        QuizQuestion(
            id: "laundry-07",
            text: "A wool sweater is in the load and its label allows machine washing. Which setting is safest?",
            choices: [
                "Hot water and a long spin",
                "Cold water on the wool or delicate cycle, then lay flat to dry",
                "Warm water, then tumble dry on high",
                "Any setting, wool is sturdy",
            ],
            correctChoice: 1
        ),
        QuizQuestion(
            id: "laundry-08",
            text: "How full should you load a front-loading washer?",
            choices: [
                "Packed to the door so it is efficient",
                "About three quarters full, leaving room for the clothes to tumble",
                "A quarter full at most",
                "It does not matter",
            ],
            correctChoice: 1
        ),
        QuizQuestion(
            id: "laundry-09",
            text: "A shirt has a fresh grease stain. What is the best first step?",
            choices: [
                "Put it in the dryer to set the fabric",
                "Rub the stain hard with hot water",
                "Pre-treat the stain with dish soap or stain remover before washing",
                "Iron over the stain",
            ],
            correctChoice: 2
        ),
        QuizQuestion(
            id: "laundry-10",
            text: "Why must you not tumble dry a stain that did not come out in the wash?",
            choices: [
                "The heat sets the stain and makes it permanent",
                "The dryer will break",
                "It wastes detergent",
                "There is no reason; drying removes stains",
            ],
            correctChoice: 0
        ),
        QuizQuestion(
            id: "laundry-11",
            text: "A triangle crossed out on a care label means:",
            choices: ["Do not iron", "Do not bleach", "Do not tumble dry", "Do not wring"],
            correctChoice: 1
        ),
        QuizQuestion(
            id: "laundry-12",
            text: "Where do the customer's clothes stay while a machine runs?",
            choices: [
                "In the machine, and you stay nearby or return when the cycle ends so nothing is taken or left wet",
                "In the machine; pick them up the next day",
                "In any empty machine you find",
                "In your own room",
            ],
            correctChoice: 0
        ),
    ])
}
