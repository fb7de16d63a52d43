print("quad-jobs")
